import Joi from 'joi';
import { defineJob, KEEP_HISTORY } from './job-definition.js';

export interface GenerateImagesPayload {
  imageRequestId: string;
}

export interface DeletePostFilesPayload {
  memberId: string;
  postId: string;
}

export const imageJobs = {
  /** Handled by `generateImages` in services/image/src/domain/generate-images.ts. */
  'generate-images': defineJob({
    queue: 'images',
    schema: Joi.object<GenerateImagesPayload, true>({ imageRequestId: Joi.string().guid().required() }),
    options: { attempts: 3, backoff: { type: 'exponential', delay: 2_000 }, ...KEEP_HISTORY },
    jobId: ({ imageRequestId }) => `images-${imageRequestId}`,
  }),
  /**
   * Removes a deleted post's files (`<member>/<post>/…`: uploads, renders, overlays)
   * once its row is gone. Retried for a while: a storage outage must not leave
   * the files reachable forever.
   * Handled by `deletePostFiles` in services/image/src/domain/delete-post-files.ts.
   */
  'delete-post-files': defineJob({
    queue: 'images',
    schema: Joi.object<DeletePostFilesPayload, true>({ memberId: Joi.string().guid().required(), postId: Joi.string().guid().required() }),
    options: { attempts: 10, backoff: { type: 'exponential', delay: 5_000 }, ...KEEP_HISTORY },
    jobId: ({ postId }) => `delete-files-${postId}`,
  }),
};
