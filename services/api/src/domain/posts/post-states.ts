import { conflict } from '@lps/common';
import type { Post } from '@lps/db';

/** States from which a post may be scheduled, published or get images (docs/api.md); the image service checks the same. */
export { READY_FOR_WORK } from '@lps/db';

/** Published posts are final: edits, deletes and republishing are 409. */
export function assertNotPublished(post: Post): void {
  if (post.status === 'published') throw conflict('the post is published and can no longer be changed');
}

/** Edits and deletes need a post that is neither published nor being published. */
export function assertEditable(post: Post): void {
  assertNotPublished(post);
  if (post.publishRequestedAt) throw conflict('the post is being published; wait for the result (GET /posts/{id})');
}

export function assertReadyForWork(post: Post, action: string): void {
  assertNotPublished(post);
  if (post.status === 'generating_images') throw conflict(`cannot ${action} while images are being generated`);
  if (post.status === 'rejected') throw conflict(`cannot ${action} a rejected post`);
}
