import { MAX_IMAGE_CANDIDATES } from '@lps/ai';
import { serviceUnavailable, unprocessable } from '@lps/common';
import { imageCandidatesOf, postToWire } from '@lps/db';
import { enqueue } from '@lps/queue';
import type { Needs } from '../deps.js';
import { writePost, type WriteDeps } from '../posts/write-post.js';
import { assertImagesAllowed } from '../posts/post-states.js';

export interface RequestImagesInput {
  scene?: string;
}

/**
 * POST /posts/{id}/images: the post moves to generating_images (remembering
 * where it was) and a generate-images job is queued; the worker brings it back.
 * Two at once: the second finds the post generating (409, its state).
 */
export async function requestImages(deps: WriteDeps & Needs<never, 'queues' | 'request'>, memberId: string, postId: string, input: RequestImagesInput) {
  const { repos, queues, request } = deps;
  // The move and its image request are one transaction, decided on the post as it is in its turn (decision 0027).
  const {
    post: updated,
    before,
    then: requestId,
  } = await writePost<string>(deps, memberId, postId, async (post, tx) => {
    assertImagesAllowed(post, 'generate images for');
    if (imageCandidatesOf(post.imageCandidates).length >= MAX_IMAGE_CANDIDATES) {
      throw unprocessable(`the post already has ${MAX_IMAGE_CANDIDATES} image candidates, the most one post may have`);
    }
    const created = await tx.createImageRequest({ postId: post.id, memberId, scene: input.scene?.trim() || null });
    return { set: { status: 'generating_images', statusBeforeImages: post.status }, then: created.id };
  });
  try {
    await enqueue(queues, 'generate-images', { imageRequestId: requestId as string }, { requestId: request.id });
  } catch (error) {
    // Nothing would ever bring the post back from generating_images: undo and ask for a retry.
    await repos.transaction(async (tx) => {
      await tx.markImageRequestNeverQueued(requestId as string);
      await tx.updatePostIfStatus(updated.id, ['generating_images'], { status: before.status, statusBeforeImages: null });
    });
    throw serviceUnavailable('the job queue is unavailable; retry later', 10, error);
  }
  return { post: postToWire(updated), status: updated.status, poll: `/api/v1/posts/${updated.id}` };
}
