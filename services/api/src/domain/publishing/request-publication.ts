import { conflict } from '@lps/common';
import { postToWire, type Post } from '@lps/db';
import type { Needs } from '../deps.js';
import { assertReadyForWork } from '../posts/post-states.js';
import { assertPublishable, getOwnedPostWithConnection } from './network-readiness.js';
import { placeJobAfterCommit } from './place-job.js';

export interface RequestPublicationInput {
  id: string;
}

/**
 * POST /posts/{id}/publish: records the request (the state stays until the job
 * ends) and places job `publish-<id>`. A second request while one is in flight
 * joins it: same job, no second publication.
 */
export async function requestPublication(
  deps: Needs<'findWithConnection' | 'requestPublication', 'queues' | 'config' | 'request'>,
  memberId: string,
  input: RequestPublicationInput,
) {
  const found = await getOwnedPostWithConnection(deps, memberId, input.id);
  let post = found.post;
  if (!post.publishRequestedAt) {
    assertReadyForWork(post, 'publish');
    assertPublishable(deps, post, found.connection);
    post = (await deps.repos.requestPublication(post.id, post.status, new Date())) ?? (await afterLostRace(deps, memberId, post.id));
  }
  await placeJobAfterCommit(deps, post.id, new Date(), found.post);
  return { post: postToWire(post), status: post.status, poll: `/api/v1/posts/${post.id}` };
}

/** The post changed between our read and our write: join a publication that started, 409 otherwise. */
async function afterLostRace({ repos }: Needs<'findWithConnection'>, memberId: string, id: string): Promise<Post> {
  const now = (await repos.findWithConnection(id, memberId))?.post;
  if (now?.status === 'published') throw conflict('the post is already published');
  if (!now?.publishRequestedAt) throw conflict('the post changed meanwhile; retry');
  return now;
}
