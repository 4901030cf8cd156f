import type { ImageProvider } from '@lps/ai';
import { startQueueWorker, type Runtime, type RunningService } from '@lps/runtime';
import { createStorage, type FileStorage } from '@lps/storage';
import { attachUpload } from './domain/calls/attach-upload.js';
import { drawOverlay } from './domain/calls/draw-overlay.js';
import { encodeLinkThumbnail } from './domain/calls/encode-link-thumbnail.js';
import { encodeThumbnailJpeg } from './adapters/thumbnail-jpeg.js';
import { inMemberTurns } from './domain/calls/member-turns.js';
import { deletePostFiles } from './domain/delete-post-files.js';
import { generateImages } from './domain/generate-images.js';
import { createImageProvider } from './image-provider-choice.js';

export interface ImageServiceOptions {
  provider?: ImageProvider;
  storage?: FileStorage;
  /** Renders are CPU-bound (sharp uses its own threads): a few at a time per process. */
  concurrency?: number;
}

/**
 * The image service: generates image and document candidates for POST /posts/{id}/images
 * in the background (`images`), and does the image work others wait for — uploads and
 * overlays for requests, link card thumbnails for the research worker (`image-calls`,
 * decision 0006) — each member in turn.
 */
export async function startImageService(runtime: Runtime, options: ImageServiceOptions = {}): Promise<RunningService> {
  const deps = {
    repos: runtime.repositories,
    announceEvents: runtime.announceEvents,
    logger: runtime.logger,
    provider: options.provider ?? createImageProvider(runtime.config),
    storage: options.storage ?? createStorage(runtime.config),
    encodeThumbnail: encodeThumbnailJpeg,
  };
  const generation = await startQueueWorker(runtime, {
    queue: 'images',
    concurrency: options.concurrency ?? 2,
    handlers: {
      'generate-images': async ({ imageRequestId }, job, log) => generateImages(deps, imageRequestId, job.attemptsMade + 1 >= (job.opts.attempts ?? 1), log),
      'delete-post-files': async ({ memberId, postId }, _job, log) => deletePostFiles(deps.storage, { memberId, postId }, log),
    },
  });
  const callConcurrency = runtime.config.images.callConcurrency;
  const inTurn = inMemberTurns(callConcurrency);
  const calls = await startQueueWorker(runtime, {
    queue: 'image-calls',
    concurrency: callConcurrency,
    handlers: {
      'attach-upload': inTurn(({ imageRequestId }, log) => attachUpload(deps, imageRequestId, log)),
      'draw-overlay': inTurn(({ imageRequestId }) => drawOverlay(deps, imageRequestId)),
      'encode-link-thumbnail': inTurn((payload) => encodeLinkThumbnail(deps, payload)),
    },
  });
  runtime.logger.info('image worker started', { provider: deps.provider.name, storage: deps.storage.driver, call_concurrency: callConcurrency });
  return { name: 'image', stop: async () => void (await Promise.all([generation.close(), calls.close()])) };
}
