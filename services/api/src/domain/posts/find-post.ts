import { notFound } from '@lps/common';
import { readOwnedPost, type Sql } from '@lps/db';

/** The caller's post (plain SQL on the shared pool); another member's post is indistinguishable from a missing one. */
export async function getOwnedPost(sql: Sql, memberId: string, id: string) {
  const post = await readOwnedPost(sql, memberId, id);
  if (!post) throw notFound('post');
  return post;
}
