import type { QueueJob } from '@lps/queue';
import { open } from 'node:fs/promises';
import type { NetworkAccount, UploadedMedia, VideoSource } from '@lps/network';
import type { Needs } from '../publisher-context.js';
import { lookAgainLater } from './look-again-later.js';
import type { Claim } from './publication-records.js';
import { PermanentPublishError } from './publish-errors.js';
import { uploadOncePerPublication } from './upload-once.js';

/** Between looks at a video LinkedIn is processing: a tenth of the time waited so far, within these bounds. */
const POLL_MIN_MS = 1_000;
const POLL_MAX_MS = 60_000;

/** A video's needs: its upload (once), the looks at its processing, and the waits between them. */
export type VideoNeeds = Needs<'recordPublishMedia' | 'giveBackUnsentAttempt', 'network' | 'storage' | 'config' | 'log'>;

/**
 * The stored MP4 handed to the network a byte range at a time (LinkedIn's parts
 * are 4 MB): a 500 MB video is never in memory. The storage lends a local path
 * (a downloaded copy when remote) for as long as the upload runs.
 */
async function uploadVideoFile(context: Needs<never, 'network' | 'storage'>, account: NetworkAccount, imageUrl: string): Promise<string> {
  const key = context.storage.keyFromUrl(imageUrl);
  if (!key) throw new PermanentPublishError(`the post's video ${imageUrl} is not a file stored by this service`);
  const upload = (path: string) => withFile(path, (video) => context.network.uploadVideo(account, video));
  return context.storage.withLocalPath(key, upload).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' ? new PermanentPublishError(`the post's video file could not be read: ${error.message}`) : error;
  });
}

async function withFile<T>(path: string, use: (video: VideoSource) => Promise<T>): Promise<T> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    return await use({
      sizeBytes: size,
      async readRange(first, last) {
        const bytes = Buffer.alloc(last - first + 1);
        const { bytesRead } = await handle.read(bytes, 0, bytes.length, first);
        return bytes.subarray(0, bytesRead);
      },
    });
  } finally {
    await handle.close();
  }
}

/**
 * The post's video on the network, ready to be named by a post (decision 0021):
 * uploaded once per publication (the URN is kept with the claim, so no retry or
 * later look uploads it again), then looked at until LinkedIn says AVAILABLE.
 * While it is PROCESSING the job is moved to the delayed set and its worker slot
 * freed — the publication stays in flight — and looks again later, less often
 * the longer it waits, up to LPS_VIDEO_PROCESSING_WAIT after it was requested.
 * PROCESSING_FAILED, or still processing at that bound, fails the publication
 * with nothing posted.
 */
export async function publishableVideo(context: VideoNeeds, account: NetworkAccount, claim: Claim, job: QueueJob): Promise<UploadedMedia> {
  const { post } = claim;
  const urn = await uploadOncePerPublication(context, claim, () => uploadVideoFile(context, account, post.imageUrl as string));
  const status = await context.network.videoStatus(account, urn);
  if (status === 'AVAILABLE') return { kind: 'video', urn };
  if (status === 'PROCESSING_FAILED') {
    throw new PermanentPublishError(
      `LinkedIn could not process the video (${urn} ended PROCESSING_FAILED); nothing was posted. Check that it plays (H.264 MP4), upload it again and publish again`,
    );
  }
  const limitMs = context.config.network.publish.videoProcessingWaitMs;
  const waitedMs = Date.now() - (post.publishRequestedAt ?? post.publishClaimedAt ?? new Date()).getTime();
  if (waitedMs >= limitMs) {
    throw new PermanentPublishError(
      `LinkedIn was still processing the video (${urn}, ${status}) ${Math.round(waitedMs / 1000)} s after the publication was requested (LPS_VIDEO_PROCESSING_WAIT); nothing was posted`,
    );
  }
  const nextLookMs = Math.min(POLL_MAX_MS, Math.max(POLL_MIN_MS, waitedMs / 10));
  context.log.info('video still processing on the network: the publication looks again later', { post_id: post.id, urn, status, next_look_ms: Math.round(nextLookMs) });
  return lookAgainLater(context, claim, job, Date.now() + nextLookMs);
}
