import { createHash } from 'node:crypto';
import { MAX_IMAGE_CANDIDATES, memberProfileOf, type ImageProvider } from '@lps/ai';
import { appendOutboxEvent, findMemberProfile, imageCandidatesOf, inTransaction, postToWire, type Prisma } from '@lps/db';
import { announceEvents, type Runtime } from '@lps/runtime';
import type { Logger } from '@lps/logger';
import type { FileStorage } from '@lps/storage';
import { storeRenders } from './candidates.js';
import { finishFailed } from './finish-failed.js';

export interface ImageWorkerDeps {
  runtime: Runtime;
  provider: ImageProvider;
  storage: FileStorage;
}

/** Same request, same seed: a retry renders the same set. */
const seedOf = (requestId: string) => createHash('sha256').update(requestId).digest().readUInt32BE(0);

/**
 * The generate-images job: render → store → one transaction that appends the
 * candidates, returns the post to the state it had before, and writes
 * post.images_ready to the outbox. A request that is already finished is left
 * alone, so a redelivered job does nothing twice.
 */
/** `log` is the job's logger (its ids on every line). */
export async function generateImages(deps: ImageWorkerDeps, requestId: string, finalAttempt: boolean, log: Logger = deps.runtime.logger): Promise<void> {
  const { db } = deps.runtime;
  const request = await db.imageRequest.findUnique({ where: { id: requestId } });
  if (!request || request.status === 'completed' || request.status === 'failed') return;
  const post = await db.post.findUnique({ where: { id: request.postId } });
  if (!post || post.status !== 'generating_images') {
    await finishFailed(deps.runtime, log, requestId, 'the post is no longer waiting for images');
    return;
  }
  if (imageCandidatesOf(post.imageCandidates).length >= MAX_IMAGE_CANDIDATES) {
    // Final: retrying cannot make room, so the job ends here with the request marked failed.
    await finishFailed(deps.runtime, log, requestId, `the post already has ${MAX_IMAGE_CANDIDATES} image candidates, the most one post may have`);
    return;
  }
  await db.imageRequest.update({ where: { id: requestId }, data: { status: 'running' } });

  let stored;
  try {
    const renders = await deps.provider.generate({
      body: post.body,
      idea: post.idea,
      scene: request.scene,
      member: memberProfileOf(await findMemberProfile(db, request.memberId)),
      seed: seedOf(requestId),
    });
    stored = await storeRenders(deps.storage, { memberId: request.memberId, postId: post.id, requestId }, renders);
  } catch (error) {
    if (finalAttempt) await finishFailed(deps.runtime, log, requestId, `image generation failed: ${(error as Error).message}`);
    throw error;
  }

  const outboxId = await inTransaction(db, async (tx) => {
    const claimed = await tx.imageRequest.updateMany({ where: { id: requestId, status: { in: ['pending', 'running'] } }, data: { status: 'completed', completedAt: new Date() } });
    if (claimed.count === 0) return undefined;
    const current = await tx.post.findUnique({ where: { id: post.id } });
    if (!current || current.status !== 'generating_images') return undefined;
    const existing = imageCandidatesOf(current.imageCandidates);
    const room = MAX_IMAGE_CANDIDATES - existing.length;
    const updated = await tx.post.update({
      where: { id: post.id },
      data: {
        imageCandidates: [...existing, ...stored.slice(0, Math.max(room, 0))] as unknown as Prisma.InputJsonValue,
        status: current.statusBeforeImages ?? 'draft_saved',
        statusBeforeImages: null,
      },
    });
    const event = await appendOutboxEvent(tx, { memberId: updated.memberId, type: 'post.images_ready', data: { post: postToWire(updated) } as unknown as Prisma.InputJsonValue });
    return event.id;
  });
  if (outboxId) await announceEvents(deps.runtime, [outboxId]);
}
