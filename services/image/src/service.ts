import { startQueueWorker, type Runtime, type RunningService } from '@lps/runtime';
import { imageContext, type ImageServiceOptions } from './composition.js';
import { admitUpload } from './domain/calls/admit-upload.js';
import { drawOverlay } from './domain/calls/draw-overlay.js';
import { encodeLinkThumbnail } from './domain/calls/encode-link-thumbnail.js';
import { inMemberTurns } from './domain/calls/member-turns.js';
import { deletePostFiles } from './domain/delete-post-files.js';
import { generateImages } from './domain/generate-images.js';

export type { ImageServiceOptions } from './composition.js';

/**
 * The image service: generates image and document candidates for POST /posts/{id}/images
 * in the background (`images`), and does the image work others wait for — uploads and
 * overlays for requests, link card thumbnails for the research worker (`image-calls`,
 * decision 0006) — each member in turn.
 */
export async function startImageService(runtime: Runtime, options: ImageServiceOptions = {}): Promise<RunningService> {
  const context = imageContext(runtime, options);
  const generation = await startQueueWorker(runtime, {
    queue: 'images',
    concurrency: options.concurrency ?? 2,
    handlers: {
      'generate-images': async ({ imageRequestId }, job, log) => generateImages({ ...context, log }, imageRequestId, job.attemptsMade + 1 >= (job.opts.attempts ?? 1)),
      'delete-post-files': async ({ memberId, postId }, _job, log) => deletePostFiles({ ...context, log }, { memberId, postId }),
    },
  });
  const callConcurrency = runtime.config.images.callConcurrency;
  const inTurn = inMemberTurns(callConcurrency);
  const calls = await startQueueWorker(runtime, {
    queue: 'image-calls',
    concurrency: callConcurrency,
    handlers: {
      'attach-upload': inTurn(({ imageRequestId }, log) => admitUpload({ ...context, log }, imageRequestId)),
      'draw-overlay': inTurn(({ imageRequestId }) => drawOverlay(context, imageRequestId)),
      'encode-link-thumbnail': inTurn((payload) => encodeLinkThumbnail(context, payload)),
    },
  });
  context.log.info('image worker started', { provider: context.provider.name, storage: context.storage.driver, call_concurrency: callConcurrency });
  return { name: 'image', stop: async () => void (await Promise.all([generation.close(), calls.close()])) };
}
