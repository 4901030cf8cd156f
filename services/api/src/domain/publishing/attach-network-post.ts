import { attachRefusal, conflict, notFound, unprocessable } from '@lps/common';
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
 * carry it (attachRefusal, asked again by the repository under its lock on the URN).
 * The post becomes published and post.published fires.
 */
export async function attachNetworkPost(deps: Needs<'readOwnedPost' | 'markPostPublishedByHand', 'announceEvents'>, memberId: string, id: string, urn: string) {
  const post = await getOwnedPost(deps, memberId, id);
  // Order of checks (docs/api.md): existence, then state, then content rules.
  // Whether another post carries the URN is known only under the repository's lock, below.
  const refused = attachRefusal({ post, urnTaken: false });
  if (refused) throw REFUSALS[refused]();
  const attachable = attachablePost(urn, post.createdAt);
  if ('problem' in attachable) throw unprocessable(attachable.problem, { network_post_urn: attachable.problem });
  const outcome = await deps.repos.markPostPublishedByHand({ postId: id, memberId, urn, url: attachable.url, publishedAt: attachable.publishedAt }, attachRefusal);
  if ('refused' in outcome) throw REFUSALS[outcome.refused]();
  await deps.announceEvents([outcome.outboxId]);
  return { post: postToWire(outcome.post) };
}
