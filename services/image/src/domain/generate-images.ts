import { createHash } from 'node:crypto';
import { MAX_IMAGE_CANDIDATES, memberProfileOf } from '@lps/ai';
import { imageCandidatesOf, postToWire, type ImageCandidate, type TransactionRepositories } from '@lps/db';
import { failImageRequest } from './fail-image-request.js';
import type { Needs } from './image-context.js';
import { storeRenders } from './store-renders.js';

/** Same request, same seed: a retry renders the same set. */
const seedOf = (requestId: string) => createHash('sha256').update(requestId).digest().readUInt32BE(0);

/**
 * The generate-images job: render → store → one transaction that appends the
 * candidates, returns the post to the state it had before, and writes
 * post.images_ready to the outbox. A request that is already finished is left
 * alone, so a redelivered job does nothing twice.
 */
export async function generateImages(
  deps: Needs<'findImageRequest' | 'findPostById' | 'markImageRequestRunning' | 'findMemberProfile' | 'transaction', 'announceEvents' | 'provider' | 'storage' | 'log'>,
  requestId: string,
  finalAttempt: boolean,
): Promise<void> {
  const { repos } = deps;
  const request = await repos.findImageRequest(requestId);
  if (!request || request.status === 'completed' || request.status === 'failed') return;
  const post = await repos.findPostById(request.postId);
  if (!post || post.status !== 'generating_images') {
    await failImageRequest(deps, requestId, 'the post is no longer waiting for images');
    return;
  }
  if (imageCandidatesOf(post.imageCandidates).length >= MAX_IMAGE_CANDIDATES) {
    // Final: retrying cannot make room, so the job ends here with the request marked failed.
    await failImageRequest(deps, requestId, `the post already has ${MAX_IMAGE_CANDIDATES} image candidates, the most one post may have`);
    return;
  }
  await repos.markImageRequestRunning(requestId);

  let stored;
  try {
    const renders = await deps.provider.generate({
      body: post.body,
      idea: post.idea,
      scene: request.scene,
      member: memberProfileOf(await repos.findMemberProfile(request.memberId)),
      seed: seedOf(requestId),
    });
    stored = await storeRenders(deps.storage, { memberId: request.memberId, postId: post.id, requestId }, renders);
  } catch (error) {
    if (finalAttempt) await failImageRequest(deps, requestId, `image generation failed: ${(error as Error).message}`);
    throw error;
  }

  const outboxId = await repos.transaction((tx) => completeWithCandidates(tx, requestId, post.id, stored));
  if (outboxId) await deps.announceEvents([outboxId]);
}

/**
 * The transaction step: claims the request's completion, appends what fits
 * under MAX_IMAGE_CANDIDATES to the post as it is now, returns the post to
 * its earlier state and writes post.images_ready. Undefined (nothing written
 * but the claim) when another run completed the request or the post moved on.
 */
async function completeWithCandidates(tx: TransactionRepositories, requestId: string, postId: string, stored: ImageCandidate[]): Promise<string | undefined> {
  if (!(await tx.claimImageRequestCompletion(requestId))) return undefined;
  const current = await tx.findPostById(postId);
  if (!current || current.status !== 'generating_images') return undefined;
  const existing = imageCandidatesOf(current.imageCandidates);
  const room = MAX_IMAGE_CANDIDATES - existing.length;
  const updated = await tx.returnPostFromImages(current, [...existing, ...stored.slice(0, Math.max(room, 0))]);
  const event = await tx.appendOutboxEvent({ memberId: updated.memberId, type: 'post.images_ready', data: { post: postToWire(updated) } });
  return event.id;
}
