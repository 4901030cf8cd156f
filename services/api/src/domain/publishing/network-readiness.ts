import { notFound, unprocessable } from '@lps/common';
import { connectionProblem, type NetworkConnection, type Post, type PostWithConnection } from '@lps/db';
import { commentaryLength, composeCommentary, LINKEDIN_COMMENTARY_MAX } from '@lps/network';
import type { Needs } from '../deps.js';

/**
 * The caller's post with their network connection, in one plain-SQL statement shared
 * with concurrent requests (hot path, decision 0008). Another member's post is a 404
 * like a missing one.
 */
export async function getOwnedPostWithConnection({ repos }: Needs<'findWithConnection'>, memberId: string, id: string): Promise<PostWithConnection> {
  const found = await repos.findWithConnection(id, memberId);
  if (!found) throw notFound('post');
  return found;
}

/**
 * Publishing (now or scheduled) needs a connected member and something to say that LinkedIn takes:
 * otherwise 422 unprocessable, now rather than a failed publication later. The length is the
 * commentary's as sent (escapes and hashtag markup included, decision 0032), as the preview shows it.
 */
export function assertPublishable({ config }: Needs<never, 'config'>, post: Post, connection: NetworkConnection | null): void {
  if (!post.body?.trim()) throw unprocessable('the post has no body to publish', { body: 'empty' });
  const length = commentaryLength(composeCommentary(post.body).commentary);
  if (length > LINKEDIN_COMMENTARY_MAX) {
    const over = (length - LINKEDIN_COMMENTARY_MAX).toLocaleString('en-US');
    throw unprocessable(`the post's text is ${length.toLocaleString('en-US')} characters as LinkedIn counts them (GET /posts/{id}/preview shows them): shorten it by ${over}`, {
      body: `${over} characters over LinkedIn's ${LINKEDIN_COMMENTARY_MAX.toLocaleString('en-US')}`,
    });
  }
  const problem = connectionProblem(connection, config.network.mode);
  if (problem) throw unprocessable(problem, { network_connected: 'false' });
}
