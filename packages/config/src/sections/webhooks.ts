import Joi from 'joi';
import { defineSection } from './section.js';

const DURATION = /^\s*\d+(\.\d+)?(ms|s|m|h|d)\s*$/;
const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `5s` → 5000. The pattern was checked by joi, so the match cannot fail here. */
const toMs = (text: string): number => {
  const match = /^\s*(\d+(?:\.\d+)?)(ms|s|m|h|d)\s*$/.exec(text) as RegExpExecArray;
  return Math.round(Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS]);
};

const duration = (example: string) =>
  Joi.string().pattern(DURATION).messages({ 'string.pattern.base': `{{#label}} must be a duration like ${example}` });

export const webhookSection = defineSection({
  variables: {
    LPS_WEBHOOK_RETRY_SCHEDULE: Joi.string().pattern(/^\s*\d+(\.\d+)?(ms|s|m|h|d)\s*(,\s*\d+(\.\d+)?(ms|s|m|h|d)\s*)*$/).messages({
      'string.pattern.base': '{{#label}} must be a comma list of durations like 5s,5m,30m,2h',
    }),
    /** Delivery jobs one dispatcher process runs at once (all endpoints together). */
    LPS_WEBHOOK_CONCURRENCY: Joi.number().integer().min(1).max(1_000).default(32),
    /** Requests in flight to one endpoint across every dispatcher: a slow receiver cannot take every slot. */
    LPS_WEBHOOK_ENDPOINT_CONCURRENCY: Joi.number().integer().min(1).max(1_000).default(8),
    /** How often the sweeper looks for events and deliveries that Redis forgot (or never heard of). */
    LPS_WEBHOOK_SWEEP_INTERVAL: duration('5s').default('5s'),
    /** Test only: the receiver's time-out is 10 s (decisions.md); tests of time-outs may shorten it. Refused outside NODE_ENV=test. */
    LPS_TEST_WEBHOOK_TIMEOUT: duration('300ms').when('NODE_ENV', { is: 'test', otherwise: Joi.forbidden() }),
  },
  build: (env) => {
    const retrySchedule = String(env.LPS_WEBHOOK_RETRY_SCHEDULE ?? '5s,5m,30m,2h,5h,10h,10h')
      .split(',')
      .map((entry) => entry.trim());
    return {
      retrySchedule,
      /** Delays before retry 1, 2, …; a delivery gets `retryDelaysMs.length + 1` attempts in all. */
      retryDelaysMs: retrySchedule.map(toMs),
      concurrency: env.LPS_WEBHOOK_CONCURRENCY as number,
      endpointConcurrency: env.LPS_WEBHOOK_ENDPOINT_CONCURRENCY as number,
      sweepIntervalMs: toMs(env.LPS_WEBHOOK_SWEEP_INTERVAL as string),
      /** decisions.md: the receiver has 10 s. */
      timeoutMs: env.LPS_TEST_WEBHOOK_TIMEOUT ? toMs(env.LPS_TEST_WEBHOOK_TIMEOUT as string) : 10_000,
    };
  },
});
