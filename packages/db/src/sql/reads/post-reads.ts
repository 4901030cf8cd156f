import type { Sql } from '../../client.js';
import type { Post, PostStatus } from '../../generated/prisma/client.js';
import { toPage, type KeysetPosition } from '../../keyset.js';
import { runPrepared } from '../run-prepared.js';
import { postFromRow, type PostRow } from '../rows/post-row.js';
import { groupedLookup } from './grouped-lookup.js';

// The API's frequent post reads in plain SQL on the shared pool (decision 0012), each a
// named prepared statement, rows mapped by the one `postFromRow` the publish path uses.

const ownedPost = groupedLookup<{ id: string; memberId: string }, PostRow, Post>({
  // PostgreSQL prints uuids in lower case; a client may send upper case.
  keyOf: ({ id, memberId }) => `${id}/${memberId}`.toLowerCase(),
  runMany: async (sql, lookups) =>
    (
      await runPrepared<PostRow & { lookup_key: string }>(
        sql,
        'lps-read-owned-posts',
        `SELECT p.*, p.id || '/' || p.member_id AS lookup_key
           FROM unnest($1::uuid[], $2::uuid[]) AS i(id, member_id)
           JOIN posts p ON p.id = i.id AND p.member_id = i.member_id`,
        [lookups.map((lookup) => lookup.id), lookups.map((lookup) => lookup.memberId)],
      )
    ).rows,
  map: postFromRow,
});

/**
 * A member's post, or null when it does not exist or belongs to someone else (both answer 404).
 * Concurrent lookups on a pool share one statement (`groupedLookup`).
 */
export const readOwnedPost = (sql: Sql, memberId: string, id: string): Promise<Post | null> => ownedPost(sql, { id, memberId });

export interface PostListQuery {
  status?: PostStatus;
  limit: number;
  after?: KeysetPosition;
}

/**
 * One statement text per shape of the query (with or without a status, first page or
 * after a cursor), so each is planned for the index that serves it: a generic plan
 * over "status IS NULL OR status = $2" could use neither.
 */
function listStatement(query: PostListQuery): { name: string; text: string } {
  const conditions = ['member_id = $1'];
  if (query.status) conditions.push(`status = $${conditions.length + 1}::"PostStatus"`);
  if (query.after) conditions.push(`(created_at, id) < ($${conditions.length + 1}::timestamptz, $${conditions.length + 2}::uuid)`);
  const limit = `$${conditions.length + (query.after ? 2 : 1)}`;
  return {
    name: `lps-list-posts${query.status ? '-status' : ''}${query.after ? '-after' : ''}`,
    text: `SELECT * FROM posts WHERE ${conditions.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
  };
}

/** A page of a member's posts, newest first (keyset over created_at, id). */
export async function readPostPage(sql: Sql, memberId: string, query: PostListQuery): Promise<{ items: Post[]; next: KeysetPosition | null }> {
  const { name, text } = listStatement(query);
  const values: unknown[] = [memberId];
  if (query.status) values.push(query.status);
  if (query.after) values.push(query.after.createdAt, query.after.id);
  values.push(query.limit + 1);
  const result = await runPrepared<PostRow>(sql, name, text, values);
  return toPage(result.rows.map(postFromRow), query.limit);
}
