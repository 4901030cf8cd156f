import Joi from 'joi';
import { durationMs } from '../duration.js';
import { defineSection } from './section.js';

/** Image work a request waits for: uploads and overlays, done by the image service (decision 0006). */
export const imagesSection = defineSection({
  variables: {
    /** API: how long an upload or select-image waits for the image service before answering 503. */
    LPS_IMAGE_WAIT: durationMs('20s', { min: '1s', max: '5m' }),
    /** Image service: upload and overlay jobs at once per process (each member gets a share of them). */
    LPS_IMAGE_CALL_CONCURRENCY: Joi.number().integer().min(2).max(64).default(2),
  },
  build: (env) => ({
    waitMs: env.LPS_IMAGE_WAIT as number,
    callConcurrency: env.LPS_IMAGE_CALL_CONCURRENCY as number,
  }),
});
