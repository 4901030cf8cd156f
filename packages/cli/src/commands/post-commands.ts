import { attachRefusal, isUuid } from '@lps/common';
import { findPostById, markPostPublishedByHand } from '@lps/db';
import { attachablePost } from '@lps/network';
import { UsageError, type CommandContext } from './command.js';

const REFUSALS = {
  'not found': 'no such post',
  published: 'the post is already published',
  'in flight': 'a publication of this post is in flight; attach the URN once it has ended',
  taken: 'another post already carries this URN',
} as const;

/**
 * `lps post attach <post-id> <urn> [--json]`: the post is on the network as <urn>
 * (the URN a failed publication named, say): it becomes published, post.published
 * is written to the outbox (the dispatcher's sweeper relays it) and its analytics
 * follow. The same rules as POST /posts/{id}/network-post (decision 0017): attachablePost and attachRefusal.
 */
export async function postAttach(context: CommandContext): Promise<void> {
  const [postId, urn] = context.positionals;
  if (!postId || !urn || !isUuid(postId)) throw new UsageError('usage: lps post attach <post-id> <urn:li:share:…|urn:li:ugcPost:…>');
  const post = await findPostById(context.db, postId);
  if (!post) throw new UsageError(`no post with id ${postId}`);
  const attachable = attachablePost(urn, post.createdAt);
  if ('problem' in attachable) throw new UsageError(attachable.problem);
  const outcome = await markPostPublishedByHand(context.db, { postId, urn, url: attachable.url, publishedAt: attachable.publishedAt }, attachRefusal);
  if ('refused' in outcome) throw new UsageError(REFUSALS[outcome.refused]);
  const summary = { post_id: postId, member_id: outcome.post.memberId, network_post_urn: urn, network_url: attachable.url, published_at: attachable.publishedAt.toISOString() };
  context.print(context.options.json ? JSON.stringify(summary) : `post ${postId} is published as ${urn} (${attachable.url})`);
}
