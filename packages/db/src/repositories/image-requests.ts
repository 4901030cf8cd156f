import type { DbOrTx } from '../client.js';
import type { Post, Prisma } from '../generated/prisma/client.js';
import type { ImageCandidate } from '../wire/post.js';

/**
 * The image requests of POST /posts/{id}/images, through Prisma: the API
 * records one as the post enters generating_images, the image worker runs it
 * and brings the post back.
 */

export const createImageRequest = (db: DbOrTx, request: { postId: string; memberId: string; scene: string | null }) => db.imageRequest.create({ data: request });

export const findImageRequest = (db: DbOrTx, id: string) => db.imageRequest.findUnique({ where: { id } });

export const markImageRequestRunning = (db: DbOrTx, id: string) => db.imageRequest.update({ where: { id }, data: { status: 'running' } });

/** The queue refused the job: the request never ran, so it is failed with no completion time. */
export const markImageRequestNeverQueued = (db: DbOrTx, id: string) => db.imageRequest.update({ where: { id }, data: { status: 'failed', lastError: 'could not be queued' } });

/** The worker gave up on the request; returns it (its post id). */
export const markImageRequestFailed = (db: DbOrTx, id: string, reason: string) =>
  db.imageRequest.update({ where: { id }, data: { status: 'failed', lastError: reason, completedAt: new Date() } });

/**
 * Marks the request completed, only from pending or running: of two runs of
 * the same request only the first may store its candidates. False for the other.
 */
export async function claimImageRequestCompletion(db: DbOrTx, id: string): Promise<boolean> {
  const claimed = await db.imageRequest.updateMany({ where: { id, status: { in: ['pending', 'running'] } }, data: { status: 'completed', completedAt: new Date() } });
  return claimed.count > 0;
}

/**
 * The post leaves generating_images for the state it had before (draft_saved
 * when none was recorded), with `imageCandidates` as its new list when given.
 */
export const returnPostFromImages = (db: DbOrTx, post: Pick<Post, 'id' | 'statusBeforeImages'>, imageCandidates?: ImageCandidate[]) =>
  db.post.update({
    where: { id: post.id },
    data: {
      ...(imageCandidates ? { imageCandidates } : {}),
      status: post.statusBeforeImages ?? 'draft_saved',
      statusBeforeImages: null,
    },
  });

/** An upload or overlay the API is about to ask the image service for, and wait on (decision 0006). */
export const createImageCallRequest = (
  db: DbOrTx,
  request: { id?: string; postId: string; memberId: string; kind: 'upload' | 'overlay'; sourceKey: string; contentType?: string; title?: string; altText?: string },
) => db.imageRequest.create({ data: request });

/**
 * The image service's answer to a call, stored with its final status — only while
 * the caller still waits (pending or running). False when the caller gave up first:
 * the answer is then not kept, and the service removes what it wrote.
 */
export async function finishImageCall(db: DbOrTx, id: string, status: 'completed' | 'failed', result: Prisma.InputJsonValue, reason?: string): Promise<boolean> {
  const finished = await db.imageRequest.updateMany({
    where: { id, status: { in: ['pending', 'running'] } },
    data: { status, result, completedAt: new Date(), ...(reason ? { lastError: reason } : {}) },
  });
  return finished.count > 0;
}

/**
 * The caller stopped waiting (or could not queue the work): whatever the image service
 * does later is discarded. False when the service had already answered — its stored
 * answer stands and the caller reads it instead of giving up.
 */
export async function abandonImageCall(db: DbOrTx, id: string, reason: string): Promise<boolean> {
  const abandoned = await db.imageRequest.updateMany({
    where: { id, status: { in: ['pending', 'running'] } },
    data: { status: 'failed', lastError: reason, completedAt: new Date() },
  });
  return abandoned.count > 0;
}
