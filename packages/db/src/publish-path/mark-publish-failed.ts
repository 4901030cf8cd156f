import type { DbOrTx } from '../client.js';
import { Prisma, type Post, type PostStatus } from '../generated/prisma/client.js';
import { findPostById } from '../repositories/posts.js';

/** docs/api.md: back to the state before publishing (a scheduled post becomes draft_saved). */
const stateAfterFailure = (post: Post): PostStatus => {
  const before = post.statusBeforePublish ?? post.status;
  return before === 'scheduled' || before === 'published' ? 'draft_saved' : before;
};

/**
 * A publication's final failure (rare, so Prisma): the state before publishing comes
 * back, `reason` is stored as last_error and the claim is cleared. Null when nothing
 * is in flight (the post is gone, published, or was never requested). Run it in the
 * transaction that writes the post.publish_failed event.
 */
export async function markPublishFailed(tx: DbOrTx, postId: string, reason: string): Promise<Post | null> {
  const current = await findPostById(tx, postId);
  if (!current || current.status === 'published' || !current.publishRequestedAt) return null;
  return tx.post.update({
    where: { id: postId },
    data: {
      status: stateAfterFailure(current),
      lastError: reason.slice(0, 1000),
      publishRequestedAt: null,
      statusBeforePublish: null,
      publishClaimedAt: null,
      // The publication is over: a new one uploads its media afresh (the image may change meanwhile).
      publishMediaUrn: null,
      publishImageUrns: Prisma.DbNull,
      ...(current.status === 'scheduled' ? { scheduledAt: null } : {}),
    },
  });
}
