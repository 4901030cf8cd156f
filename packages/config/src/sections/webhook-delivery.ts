import Joi from 'joi';
import { durationListMs, durationMs } from '../duration.js';
import { defineSection } from './section.js';

export const webhookSection = defineSection({
  variables: {
    LPS_WEBHOOK_RETRY_SCHEDULE: durationListMs('5s,5m,30m,2h,5h,10h,10h'),
    /** Delivery jobs one dispatcher process runs at once (all endpoints together). */
    LPS_WEBHOOK_CONCURRENCY: Joi.number().integer().min(1).max(1_000).default(32),
    /** Requests in flight to one endpoint across every dispatcher: a slow receiver cannot take every slot. */
    LPS_WEBHOOK_ENDPOINT_CONCURRENCY: Joi.number().integer().min(1).max(1_000).default(8),
    /** How often the sweeper looks for events and deliveries that Redis forgot (or never heard of). */
    LPS_WEBHOOK_SWEEP_INTERVAL: durationMs('5s'),
    /** Test only: the receiver's time-out is 10 s (docs/webhooks.md); tests of time-outs may shorten it. Refused outside NODE_ENV=test. */
    LPS_TEST_WEBHOOK_TIMEOUT: durationMs(undefined).when('NODE_ENV', { is: 'test', otherwise: Joi.forbidden() }),
  },
  build: (env) => ({
    /** Delays before retry 1, 2, …; a delivery gets `retryDelaysMs.length + 1` attempts in all. */
    retryDelaysMs: env.LPS_WEBHOOK_RETRY_SCHEDULE as number[],
    concurrency: env.LPS_WEBHOOK_CONCURRENCY as number,
    endpointConcurrency: env.LPS_WEBHOOK_ENDPOINT_CONCURRENCY as number,
    sweepIntervalMs: env.LPS_WEBHOOK_SWEEP_INTERVAL as number,
    /** docs/webhooks.md: the receiver has 10 s. */
    timeoutMs: (env.LPS_TEST_WEBHOOK_TIMEOUT as number | undefined) ?? 10_000,
  }),
});
