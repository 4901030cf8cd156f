import Joi from 'joi';
import { defineJob, KEEP_HISTORY } from './job-definition.js';

export interface GenerateImagesPayload {
  imageRequestId: string;
}

export const imageJobs = {
  'generate-images': defineJob({
    queue: 'images',
    schema: Joi.object<GenerateImagesPayload>({ imageRequestId: Joi.string().guid().required() }),
    options: { attempts: 3, backoff: { type: 'exponential', delay: 2_000 }, ...KEEP_HISTORY },
    jobId: ({ imageRequestId }) => `images-${imageRequestId}`,
  }),
};
