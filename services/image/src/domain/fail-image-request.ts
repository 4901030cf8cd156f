import type { Needs } from './image-context.js';

/**
 * A request that will not succeed: it is marked failed with the reason, and
 * its post leaves generating_images for the state it had before, so the
 * member can edit, schedule or ask again.
 */
export async function failImageRequest({ repos, log }: Needs<'transaction', 'log'>, requestId: string, reason: string): Promise<void> {
  await repos.transaction(async (tx) => {
    const request = await tx.markImageRequestFailed(requestId, reason);
    const post = await tx.findPostById(request.postId);
    if (post?.status === 'generating_images') await tx.returnPostFromImages(post);
  });
  log.warn('image request failed', { image_request_id: requestId, reason });
}
