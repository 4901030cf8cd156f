import { findPostById, inTransaction, markImageRequestFailed, returnPostFromImages } from '@lps/db';
import type { Logger } from '@lps/logger';
import type { Runtime } from '@lps/runtime';

/**
 * A request that will not succeed: it is marked failed with the reason, and
 * its post leaves generating_images for the state it had before, so the
 * member can edit, schedule or ask again.
 */
export async function failImageRequest(runtime: Runtime, log: Logger, requestId: string, reason: string): Promise<void> {
  await inTransaction(runtime.db, async (tx) => {
    const request = await markImageRequestFailed(tx, requestId, reason);
    const post = await findPostById(tx, request.postId);
    if (post?.status === 'generating_images') await returnPostFromImages(tx, post);
  });
  log.warn('image request failed', { image_request_id: requestId, reason });
}
