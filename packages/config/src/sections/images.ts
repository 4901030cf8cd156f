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
    /**
     * API: the largest video upload (multipart or image_url), in bytes. LinkedIn's Videos API takes
     * MP4s of 75 KB to 500 MB (decision 0021); the upload is streamed to storage, never held.
     */
    LPS_VIDEO_MAX_BYTES: Joi.number()
      .integer()
      .min(76_800)
      .max(5 * 1024 ** 3)
      .default(500 * 1024 * 1024),
  },
  build: (env) => ({
    waitMs: env.LPS_IMAGE_WAIT as number,
    callConcurrency: env.LPS_IMAGE_CALL_CONCURRENCY as number,
    videoMaxBytes: env.LPS_VIDEO_MAX_BYTES as number,
  }),
});
