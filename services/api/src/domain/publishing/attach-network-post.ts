import { conflict, notFound, unprocessable } from '@lps/common';
import { postToWire } from '@lps/db';
import { attachablePost } from '@lps/network';
import type { Needs } from '../deps.js';
import { getOwnedPost } from '../posts/find-post.js';

const REFUSALS = {
  published: () => conflict('the post is already published'),
  'in flight': () => conflict('a publication of this post is in flight; attach the URN once it has ended'),
  taken: () => conflict('another post already carries this network_post_urn'),
  'not found': () => notFound('post'),
};

/**
 * POST /posts/{id}/network-post: the member says "this post is on LinkedIn as
 * <urn>" — typically the URN a failed publication named in last_error — so that
 * it counts as published and its analytics follow (decision 0017). No call to the
 * network: the URN's own creation time must fit the post, and no other post may
 * carry it. The post becomes published and post.published fires.
 */
export async function attachNetworkPost(deps: Needs<'readOwnedPost' | 'attachNetworkPost', 'announceEvents'>, memberId: string, id: string, urn: string) {
  const post = await getOwnedPost(deps, memberId, id);
  // Order of checks (docs/api.md): existence, then state, then content rules.
  if (post.status === 'published') throw REFUSALS.published();
  if (post.publishRequestedAt) throw REFUSALS['in flight']();
  const attachable = attachablePost(urn, post.createdAt);
  if ('problem' in attachable) throw unprocessable(attachable.problem, { network_post_urn: attachable.problem });
  const outcome = await deps.repos.attachNetworkPost({ postId: id, memberId, urn, url: attachable.url, publishedAt: attachable.publishedAt });
  if ('problem' in outcome) throw REFUSALS[outcome.problem]();
  await deps.announceEvents([outcome.outboxId]);
  return { post: postToWire(outcome.post) };
}
