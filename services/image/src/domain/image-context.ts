import type { ImageProvider } from '@lps/ai';
import type { NeedsOf } from '@lps/common';
import type { Repositories } from '@lps/db';
import type { Logger } from '@lps/logger';
import type { FileStorage } from '@lps/storage';

/** Decodes a fetched picture and re-encodes it as a small JPEG, or says why it cannot. */
export type ThumbnailEncoder = (bytes: Buffer) => Promise<Buffer | { problem: string }>;

/**
 * What the image service's jobs and calls work with, built once by `imageContext`
 * (src/composition.ts) from the runtime. A use case declares the part it uses with
 * `Needs<…>`, so a test hands it those alone (decision 0025). Each port names the
 * function that implements it.
 */
export interface ImageContext {
  /** Every repository function, its client bound (`createRepositories`, packages/db/src/access/repositories.ts). */
  repos: Repositories;
  /** After post.images_ready is committed: the dispatcher relays it now (`createEventAnnouncer`, packages/runtime/src/announce-events.ts). */
  announceEvents(outboxIds: string[]): Promise<void>;
  /** The builtin renderer or an OpenAI-compatible Images endpoint (`createImageProvider`, src/image-provider-choice.ts). */
  provider: ImageProvider;
  /** `createStorage` (packages/storage/src/create-storage.ts). */
  storage: FileStorage;
  /** sharp, kept out of domain/ (`encodeThumbnailJpeg`, src/adapters/thumbnail-jpeg.ts). */
  encodeThumbnail: ThumbnailEncoder;
  /** The runtime's logger, or within a job the job's own (job_id, queue, request_id). */
  log: Logger;
}

/** What one use case uses: the repository functions `R`, and the other parts `O` of ImageContext. */
export type Needs<R extends keyof Repositories = never, O extends Exclude<keyof ImageContext, 'repos'> = never> = NeedsOf<ImageContext, R, O>;
