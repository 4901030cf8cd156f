import { createHash } from 'node:crypto';
import { MAX_IMAGE_CANDIDATES, memberProfileOf, type ImageProvider } from '@lps/ai';
import { imageCandidatesOf, postToWire, type ImageCandidate, type Repositories, type TransactionRepositories } from '@lps/db';
import type { Logger } from '@lps/logger';
import type { FileStorage } from '@lps/storage';
import { failImageRequest } from './fail-image-request.js';
import { storeRenders } from './store-renders.js';

export interface ImageWorkerDeps {
  repos: Pick<Repositories, 'findImageRequest' | 'findPostById' | 'markImageRequestRunning' | 'findMemberProfile' | 'transaction'>;
  /** After post.images_ready is committed: the dispatcher relays it now. */
  announceEvents(outboxIds: string[]): Promise<void>;
  logger: Logger;
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
 * `log` is the job's logger (its ids on every line).
 */
export async function generateImages(deps: ImageWorkerDeps, requestId: string, finalAttempt: boolean, log: Logger = deps.logger): Promise<void> {
  const { repos } = deps;
  const request = await repos.findImageRequest(requestId);
  if (!request || request.status === 'completed' || request.status === 'failed') return;
  const post = await repos.findPostById(request.postId);
  if (!post || post.status !== 'generating_images') {
    await failImageRequest(repos, log, requestId, 'the post is no longer waiting for images');
    return;
  }
  if (imageCandidatesOf(post.imageCandidates).length >= MAX_IMAGE_CANDIDATES) {
    // Final: retrying cannot make room, so the job ends here with the request marked failed.
    await failImageRequest(repos, log, requestId, `the post already has ${MAX_IMAGE_CANDIDATES} image candidates, the most one post may have`);
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
    if (finalAttempt) await failImageRequest(repos, log, requestId, `image generation failed: ${(error as Error).message}`);
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
