import { inSqlTransaction, type SqlPool } from '../../client.js';
import type { Post, Prisma } from '../../generated/prisma/client.js';
import { appendOutboxEventSql } from '../outbox-event.js';
import { markPublished } from './mark-published.js';

/**
 * Step 3 of docs/decisions/0005, the general path (someone wrote the post since its
 * claim, so `commitIfUnchanged` did not): the post marked published and its
 * post.published event, in one plain-SQL transaction that re-reads the row. The
 * event body is the caller's, made from the post as marked. Returns the outbox id,
 * or undefined when the post is gone or already published.
 */
export async function markPublishedWithEvent(
  sql: SqlPool,
  postId: string,
  published: { urn: string; url: string },
  eventData: (post: Post) => Prisma.InputJsonValue,
): Promise<string | undefined> {
  return inSqlTransaction(sql, async (client) => {
    const post = await markPublished(client, postId, published, new Date());
    if (!post) return undefined;
    const event = await appendOutboxEventSql(client, { memberId: post.memberId, type: 'post.published', data: eventData(post) });
    return event.id;
  });
}
