import type { Logger } from '@lps/logger';
import type { FileStorage } from '@lps/storage';

/** A deleted post's files: everything the post's images and uploads wrote lies under its own prefix. */
export async function deletePostFiles(storage: FileStorage, post: { memberId: string; postId: string }, log: Logger): Promise<void> {
  const deleted = await storage.deletePrefix(`${post.memberId}/${post.postId}/`);
  log.info(`deleted ${deleted} files of post ${post.postId}`);
}
