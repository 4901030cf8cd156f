import type { ImageProvider } from '@lps/ai';
import type { Runtime } from '@lps/runtime';
import { createStorage, type FileStorage } from '@lps/storage';
import { encodeThumbnailJpeg } from './adapters/thumbnail-jpeg.js';
import type { ImageContext } from './domain/image-context.js';
import { createImageProvider } from './image-provider-choice.js';

export interface ImageServiceOptions {
  provider?: ImageProvider;
  storage?: FileStorage;
  /** Renders are CPU-bound (sharp uses its own threads): a few at a time per process. */
  concurrency?: number;
}

/** The image service's composition: each port of ImageContext given its implementation, once per process. */
export function imageContext(runtime: Runtime, options: ImageServiceOptions = {}): ImageContext {
  return {
    repos: runtime.repositories,
    announceEvents: runtime.announceEvents,
    provider: options.provider ?? createImageProvider(runtime.config),
    storage: options.storage ?? createStorage(runtime.config),
    encodeThumbnail: encodeThumbnailJpeg,
    log: runtime.logger,
  };
}
