import type { DbOrTx } from '../client.js';
import { Prisma, type Post, type PostStatus } from '../generated/prisma/client.js';
import { findPostById } from './posts.js';

/** docs/api.md: back to the state before publishing (a scheduled post becomes draft_saved). */
const stateAfterFailure = (post: Post): PostStatus => {
  const before = post.statusBeforePublish ?? post.status;
  return before === 'scheduled' || before === 'published' ? 'draft_saved' : before;
};

/**
 * A publication's final failure (rare, so Prisma): the state before publishing comes
 * back, `reason` is stored as last_error, the failure is marked for the failure inbox
 * (`publish_failed_at`, the network's `code` when it gave one: decision 0038) and the
 * claim is cleared. Null when nothing is in flight (the post is gone, published, or
 * was never requested). Run it in the transaction that writes the post.publish_failed event.
 */
export async function markPublishFailed(tx: DbOrTx, postId: string, reason: string, code: string | null = null): Promise<Post | null> {
  const current = await findPostById(tx, postId);
  if (!current || current.status === 'published' || !current.publishRequestedAt) return null;
  return tx.post.update({
    where: { id: postId },
    data: {
      status: stateAfterFailure(current),
      lastError: reason.slice(0, 1000),
      publishFailedAt: new Date(),
      publishErrorCode: code?.slice(0, 100) ?? null,
      publishRequestedAt: null,
      statusBeforePublish: null,
      publishClaimedAt: null,
      // The publication is over: a new one uploads its media afresh (the image may change meanwhile).
      publishMediaUrn: null,
      publishImageUrns: Prisma.DbNull,
      ...(current.status === 'scheduled' ? { scheduledAt: null, statusBeforeSchedule: null } : {}),
    },
  });
}
