import { placePublishJob } from '@lps/queue';
import type { Runtime } from '@lps/runtime';

/**
 * Places the publish job after the database says so. If Redis refuses, the request
 * still stands: the publisher's sweeper re-enqueues from the database within seconds.
 */
export async function placeJobAfterCommit(runtime: Runtime, postId: string, runAt: Date): Promise<void> {
  try {
    await placePublishJob(runtime.queues, postId, runAt, { move: true, retry: runtime.config.network.publish });
  } catch (error) {
    runtime.logger.warn('could not place the publish job; the schedule sweeper will', { post_id: postId, error: (error as Error).message });
  }
}
