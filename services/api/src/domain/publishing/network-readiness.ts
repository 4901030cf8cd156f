import { notFound, unprocessable } from '@lps/common';
import { connectionProblem, type NetworkConnection, type Post, type PostWithConnection } from '@lps/db';
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

/** Publishing (now or scheduled) needs a connected member and something to say: otherwise 422 unprocessable. */
export function assertPublishable({ config }: Needs<never, 'config'>, post: Post, connection: NetworkConnection | null): void {
  if (!post.body?.trim()) throw unprocessable('the post has no body to publish', { body: 'empty' });
  const problem = connectionProblem(connection, config.network.mode);
  if (problem) throw unprocessable(problem, { network_connected: 'false' });
}
