import { notFound } from '@lps/common';
import type { Needs } from '../deps.js';

/** The caller's post (plain SQL on the shared pool); another member's post is indistinguishable from a missing one. */
export async function getOwnedPost({ repos }: Needs<'readOwnedPost'>, memberId: string, id: string) {
  const post = await repos.readOwnedPost(memberId, id);
  if (!post) throw notFound('post');
  return post;
}
