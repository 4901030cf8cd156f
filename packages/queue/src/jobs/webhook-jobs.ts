import Joi from 'joi';
import { defineJob, KEEP_HISTORY } from './job-definition.js';

export interface RelayOutboxPayload {
  outboxId: string;
}

export interface DeliverWebhookPayload {
  deliveryId: string;
  /** Lets a worker take the endpoint's concurrency slot before it reads anything. */
  endpointId: string;
}

export const webhookJobs = {
  /** Fans one outbox event out into delivery records; job id = outbox id. */
  'relay-event': defineJob({
    queue: 'events',
    schema: Joi.object<RelayOutboxPayload>({ outboxId: Joi.string().guid().required() }),
    options: { attempts: 10, backoff: { type: 'exponential', delay: 1_000 }, ...KEEP_HISTORY },
    jobId: ({ outboxId }) => `event-${outboxId}`,
  }),
  /** Picks up outbox rows that were committed but not yet relayed. */
  'sweep-outbox': defineJob({
    queue: 'events',
    schema: Joi.object<Record<string, never>>({}),
    options: { attempts: 1, ...KEEP_HISTORY },
  }),
  /**
   * Every attempt of one delivery record; job id = delivery id. Attempts are
   * counted on the record, and the job is delayed between them, so BullMQ's own
   * attempts stay at 1.
   */
  'deliver-webhook': defineJob({
    queue: 'webhooks',
    schema: Joi.object<DeliverWebhookPayload>({ deliveryId: Joi.string().guid().required(), endpointId: Joi.string().guid().required() }),
    options: { attempts: 1, ...KEEP_HISTORY },
    jobId: ({ deliveryId }) => `delivery-${deliveryId}`,
  }),
};
