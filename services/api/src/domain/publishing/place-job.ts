import { placePublishJob } from '@lps/queue';
import type { Needs } from '../deps.js';
import { publishJobMayExist, type PublishHistory } from './publish-job-may-exist.js';

/**
 * Places the publish job after the database says so. If Redis refuses, the request
 * still stands: the publisher's sweeper re-enqueues from the database within seconds.
 * `before` is the post as read before this request's write: it tells whether a job can exist.
 */
export async function placeJobAfterCommit(
  { queues, config, request }: Needs<never, 'queues' | 'config' | 'request'>,
  postId: string,
  runAt: Date,
  before: PublishHistory,
): Promise<void> {
  try {
    const mayExist = publishJobMayExist(before);
    await placePublishJob(queues, postId, runAt, { move: true, retry: config.network.publish, mayExist, requestId: request.id });
  } catch (error) {
    request.log.warn('could not place the publish job; the schedule sweeper will', { post_id: postId, error: (error as Error).message });
  }
}
