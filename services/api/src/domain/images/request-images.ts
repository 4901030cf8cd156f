import { MAX_IMAGE_CANDIDATES } from '@lps/ai';
import { serviceUnavailable, unprocessable } from '@lps/common';
import { imageCandidatesOf, postToWire } from '@lps/db';
import { enqueue } from '@lps/queue';
import type { Needs } from '../deps.js';
import { getOwnedPost } from '../posts/find-post.js';
import { READY_FOR_WORK } from '../posts/post-states.js';
import { assertImagesAllowed } from './image-states.js';

export interface RequestImagesInput {
  scene?: string;
}

/**
 * POST /posts/{id}/images: the post moves to generating_images (remembering
 * where it was) and a generate-images job is queued; the worker brings it back.
 */
export async function requestImages(deps: Needs<'readOwnedPost' | 'transaction', 'queues' | 'request'>, memberId: string, postId: string, input: RequestImagesInput) {
  const { repos, queues, request } = deps;
  const post = await getOwnedPost(deps, memberId, postId);
  assertImagesAllowed(post, 'generate images for');
  if (imageCandidatesOf(post.imageCandidates).length >= MAX_IMAGE_CANDIDATES) {
    throw unprocessable(`the post already has ${MAX_IMAGE_CANDIDATES} image candidates, the most one post may have`);
  }
  const { updated, requestId } = await repos.transaction(async (tx) => {
    const moved = await tx.updatePostIfStatus(post.id, READY_FOR_WORK, { status: 'generating_images', statusBeforeImages: post.status });
    if (!moved) return { updated: null, requestId: '' };
    const request = await tx.createImageRequest({ postId: post.id, memberId, scene: input.scene?.trim() || null });
    return { updated: moved, requestId: request.id };
  });
  if (!updated) {
    assertImagesAllowed(await getOwnedPost(deps, memberId, postId), 'generate images for');
    throw unprocessable('the post changed meanwhile; try again');
  }
  try {
    await enqueue(queues, 'generate-images', { imageRequestId: requestId }, { requestId: request.id });
  } catch (error) {
    // Nothing would ever bring the post back from generating_images: undo and ask for a retry.
    await repos.transaction(async (tx) => {
      await tx.markImageRequestNeverQueued(requestId);
      await tx.updatePostIfStatus(post.id, ['generating_images'], { status: post.status, statusBeforeImages: null });
    });
    throw serviceUnavailable('the job queue is unavailable; retry later', 10, error);
  }
  return { post: postToWire(updated), status: updated.status, poll: `/api/v1/posts/${updated.id}` };
}
