import type { Needs } from './image-context.js';

/** A deleted post's files: everything the post's images and uploads wrote lies under its own prefix. */
export async function deletePostFiles({ storage, log }: Needs<never, 'storage' | 'log'>, post: { memberId: string; postId: string }): Promise<void> {
  const deleted = await storage.deletePrefix(`${post.memberId}/${post.postId}/`);
  log.info(`deleted ${deleted} files of post ${post.postId}`);
}
