import Joi from 'joi';
import { defineJob, KEEP_HISTORY } from './job-definition.js';

export interface RelayEventPayload {
  outboxId: string;
}

/** "Relay now": carries nothing, the relay claims whatever the outbox holds. */
export type RelayOutboxPayload = Record<string, never>;

/** One relay job waiting and one running at most, however many producers announce. */
export const RELAY_OUTBOX_DEDUPLICATION_ID = 'relay-outbox';

export interface DeliverWebhookPayload {
  deliveryId: string;
  /** Lets a worker take the endpoint's concurrency slot before it reads anything. */
  endpointId: string;
}

export const webhookJobs = {
  /**
   * Relays every unrelayed outbox row, in batches (producers enqueue it after
   * commit). Deduplicated with keepLastIfActive: an announcement made while a
   * relay runs leaves exactly one more relay to run after it, so a row committed
   * after the running relay's last read is not left to the sweeper.
   * Handled by `relayOutbox` in services/webhook-dispatcher/src/domain/relay/relay-outbox.ts.
   */
  'relay-outbox': defineJob({
    queue: 'events',
    schema: Joi.object<RelayOutboxPayload, true>({}),
    options: {
      attempts: 10,
      backoff: { type: 'exponential', delay: 1_000 },
      deduplication: { id: RELAY_OUTBOX_DEDUPLICATION_ID, keepLastIfActive: true },
      ...KEEP_HISTORY,
    },
  }),
  /**
   * Superseded by relay-outbox; still handled (as a relay-outbox) for jobs queued by an older release.
   * Handled by `relayOutbox` in services/webhook-dispatcher/src/domain/relay/relay-outbox.ts.
   */
  'relay-event': defineJob({
    queue: 'events',
    schema: Joi.object<RelayEventPayload, true>({ outboxId: Joi.string().guid().required() }),
    options: { attempts: 10, backoff: { type: 'exponential', delay: 1_000 }, ...KEEP_HISTORY },
    jobId: ({ outboxId }) => `event-${outboxId}`,
  }),
  /**
   * Picks up outbox rows that were committed but not yet relayed.
   * Handled by `sweepOutbox` in services/webhook-dispatcher/src/domain/relay/sweep-outbox.ts.
   */
  'sweep-outbox': defineJob({
    queue: 'events',
    schema: Joi.object<Record<string, never>, true>({}),
    options: { attempts: 1, ...KEEP_HISTORY },
  }),
  /**
   * Every attempt of one delivery record; job id = delivery id. Attempts at the
   * receiver are counted on the record, and the job is delayed between them
   * (postponing counts no BullMQ attempt). BullMQ's own attempts are for the
   * handler failing before it could record anything — Redis or PostgreSQL
   * unreachable, a cluster slot moving — so the delivery is tried again within
   * seconds instead of waiting for the sweeper to find it overdue (30 s).
   * Handled by `deliverWebhook` in services/webhook-dispatcher/src/domain/delivery/deliver-webhook.ts.
   */
  'deliver-webhook': defineJob({
    queue: 'webhooks',
    schema: Joi.object<DeliverWebhookPayload, true>({ deliveryId: Joi.string().guid().required(), endpointId: Joi.string().guid().required() }),
    // A finished delivery's history is its database record (GET /webhooks/{id}/deliveries): keeping
    // the completed job too cost Redis ~15 % of its work per delivery. Failed jobs are still kept.
    options: { attempts: 5, backoff: { type: 'exponential', delay: 1_000 }, ...KEEP_HISTORY, removeOnComplete: true },
    jobId: ({ deliveryId }) => `delivery-${deliveryId}`,
  }),
};
