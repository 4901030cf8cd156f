import { placePublishJob, removeDelayedPublishJob } from '@lps/queue';
import type { Needs } from '../deps.js';

/** What a post row says about the publish jobs it may have had. */
export interface PublishHistory {
  status: string;
  scheduledAt: Date | null;
  publishRequestedAt: Date | null;
  publishAttempts: number;
}

/**
 * Whether job `publish-<id>` can exist for this post. Jobs are placed only for a
 * requested or scheduled post, a completed one is removed at once, and one that
 * failed or waits for a retry left a claim (an attempt) behind. So a post never
 * requested, scheduled nor attempted has no job, and placing one needs no state
 * read. Were it wrong, the add would join a stale job and the sweeper would place
 * the publication again within one interval: late, never lost.
 */
export const publishJobMayExist = (post: PublishHistory): boolean =>
  post.status === 'scheduled' || post.scheduledAt !== null || post.publishRequestedAt !== null || post.publishAttempts > 0;

/**
 * Places the publish job after the database says so; the publisher runs it (`publishPostJob` in
 * services/publisher/src/domain/publish/publish-post.ts). If Redis refuses, the request
 * still stands: the publisher's sweeper re-enqueues from the database within seconds.
 * `before` is the post as read before this request's write: it tells whether a job can exist.
 * `jobMayLinger`: the post may have been unscheduled without its job being removed (decision
 * 0031: an edit unschedules an approved post while approval is required; decision 0030: a
 * removal Redis refused), so Redis is asked rather than trusting the row.
 */
export async function placeJobAfterCommit(
  { queues, config, request }: Needs<never, 'queues' | 'config' | 'request'>,
  postId: string,
  runAt: Date,
  before: PublishHistory,
  options: { jobMayLinger?: boolean | undefined } = {},
): Promise<void> {
  try {
    const mayExist = options.jobMayLinger === true || publishJobMayExist(before);
    await placePublishJob(queues, postId, runAt, { move: true, retry: config.network.publish, mayExist, requestId: request.id });
  } catch (error) {
    request.log.warn('could not place the publish job; the schedule sweeper will', { post_id: postId, error: (error as Error).message });
  }
}

/**
 * After a write that unscheduled a post (unschedule, reject): its delayed job goes, so a later
 * schedule cannot join a job waiting for the old time. A job that stays (Redis refused, or it is
 * running) finds the post no longer scheduled and does nothing.
 */
export async function dropJobAfterCommit({ queues, request }: Needs<never, 'queues' | 'request'>, postId: string): Promise<void> {
  try {
    await removeDelayedPublishJob(queues, postId);
  } catch (error) {
    request.log.warn('could not remove the publish job of an unscheduled post; it will find the post unscheduled', { post_id: postId, error: (error as Error).message });
  }
}
