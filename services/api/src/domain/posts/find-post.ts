import { notFound } from '@lps/common';
import { findOwnedPost, type DbOrTx } from '@lps/db';

/** The caller's post; another member's post is indistinguishable from a missing one. */
export async function getOwnedPost(db: DbOrTx, memberId: string, id: string) {
  const post = await findOwnedPost(db, memberId, id);
  if (!post) throw notFound('post');
  return post;
}
