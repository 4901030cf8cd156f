import type { ImageProvider } from '@lps/ai';
import { startQueueWorker, type Runtime, type RunningService } from '@lps/runtime';
import { createStorage, type FileStorage } from '@lps/storage';
import { deletePostFiles } from './domain/delete-post-files.js';
import { generateImages } from './domain/generate-images.js';
import { createImageProvider } from './image-provider-choice.js';

export interface ImageServiceOptions {
  provider?: ImageProvider;
  storage?: FileStorage;
  /** Renders are CPU-bound (sharp uses its own threads): a few at a time per process. */
  concurrency?: number;
}

/** The image worker: renders image and document candidates for POST /posts/{id}/images. */
export async function startImageService(runtime: Runtime, options: ImageServiceOptions = {}): Promise<RunningService> {
  const deps = {
    runtime,
    provider: options.provider ?? createImageProvider(runtime.config),
    storage: options.storage ?? createStorage(runtime.config),
  };
  const worker = await startQueueWorker(runtime, {
    queue: 'images',
    concurrency: options.concurrency ?? 2,
    handlers: {
      'generate-images': async ({ imageRequestId }, job, log) =>
        generateImages(deps, imageRequestId, job.attemptsMade + 1 >= (job.opts.attempts ?? 1), log),
      'delete-post-files': async ({ memberId, postId }, _job, log) => deletePostFiles(deps.storage, { memberId, postId }, log),
    },
  });
  runtime.logger.info('image worker started', { provider: deps.provider.name, storage: deps.storage.driver });
  return { name: 'image', stop: () => worker.close() };
}
