import { inTransaction } from '@lps/db';
import type { Logger } from '@lps/logger';
import type { Runtime } from '@lps/runtime';

/**
 * A request that will not succeed: it is marked failed with the reason, and
 * its post leaves generating_images for the state it had before, so the
 * member can edit, schedule or ask again.
 */
export async function finishFailed(runtime: Runtime, log: Logger, requestId: string, reason: string): Promise<void> {
  await inTransaction(runtime.db, async (tx) => {
    const request = await tx.imageRequest.update({ where: { id: requestId }, data: { status: 'failed', lastError: reason, completedAt: new Date() } });
    const post = await tx.post.findUnique({ where: { id: request.postId } });
    if (post?.status === 'generating_images') {
      await tx.post.update({ where: { id: post.id }, data: { status: post.statusBeforeImages ?? 'draft_saved', statusBeforeImages: null } });
    }
  });
  log.warn('image request failed', { image_request_id: requestId, reason });
}
