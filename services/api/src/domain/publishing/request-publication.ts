import { serviceUnavailable } from '@lps/common';
import { postToWire } from '@lps/db';
import type { Needs } from '../deps.js';
import { assertApprovedIfRequired, assertReadyForWork } from '../posts/post-states.js';
import { assertPublishable, getOwnedPostWithConnection } from './network-readiness.js';
import { placeJobAfterCommit } from './place-job.js';

export interface RequestPublicationInput {
  id: string;
}

/** How many times a publication request is decided again on a post that other writes keep changing. */
export const PUBLISH_REQUEST_TRIES = 5;

/**
 * POST /posts/{id}/publish: records the request (the state stays until the job
 * ends) and places job `publish-<id>`. A second request while one is in flight
 * joins it: same job, no second publication. The record is the publish path's one
 * batched conditional statement (decision 0008), holding no lock: when another write
 * changed the post between the read and it (a selection approving a draft, say), the
 * request is decided again on the post as it is then (decision 0027) — joined, refused
 * for its state, or recorded — and only a post that keeps changing gets 503.
 */
export async function requestPublication(
  deps: Needs<'findWithConnection' | 'markPublicationRequested', 'queues' | 'config' | 'request'>,
  memberId: string,
  input: RequestPublicationInput,
) {
  let found = await getOwnedPostWithConnection(deps, memberId, input.id);
  let post = found.post;
  for (let attempt = 1; !post.publishRequestedAt; attempt += 1) {
    assertReadyForWork(post, 'publish');
    assertApprovedIfRequired(found, 'published');
    assertPublishable(deps, post, found.connection);
    const recorded = await deps.repos.markPublicationRequested(post.id, post.status, new Date());
    if (recorded) {
      post = recorded;
      break;
    }
    if (attempt >= PUBLISH_REQUEST_TRIES) throw serviceUnavailable('the post kept changing while the publication was requested; nothing was changed, try again', 1);
    found = await getOwnedPostWithConnection(deps, memberId, input.id);
    post = found.post;
  }
  await placeJobAfterCommit(deps, post.id, new Date(), found.post);
  return { post: postToWire(post), status: post.status, poll: `/api/v1/posts/${post.id}` };
}
