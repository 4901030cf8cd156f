import { conflict } from '@lps/common';
import { postToWire } from '@lps/db';
import type { UseCaseDeps } from '../deps.js';
import { getOwnedPost } from '../posts/find-post.js';
import { assertReadyForWork } from '../posts/post-states.js';
import { assertPublishable } from './network-readiness.js';
import { placeJobAfterCommit } from './place-job.js';

export interface PublishPostInput {
  id: string;
}

/**
 * POST /posts/{id}/publish: records the request (the state stays until the job
 * ends) and places job `publish-<id>`. A second request while one is in flight
 * joins it: same job, no second publication.
 */
export async function publishPost(deps: UseCaseDeps, memberId: string, input: PublishPostInput) {
  const { runtime } = deps;
  let post = await getOwnedPost(runtime.db, memberId, input.id);
  if (!post.publishRequestedAt) {
    assertReadyForWork(post, 'publish');
    await assertPublishable(deps, post);
    const requested = await runtime.db.post.updateMany({
      where: { id: post.id, status: post.status, publishRequestedAt: null },
      data: { publishRequestedAt: new Date(), statusBeforePublish: post.status, lastError: null },
    });
    post = await getOwnedPost(runtime.db, memberId, input.id);
    if (requested.count === 0 && post.status === 'published') throw conflict('the post is already published');
    if (requested.count === 0 && !post.publishRequestedAt) throw conflict('the post changed meanwhile; retry');
  }
  await placeJobAfterCommit(runtime, post.id, new Date());
  return { post: postToWire(post), status: post.status, poll: `/api/v1/posts/${post.id}` };
}
