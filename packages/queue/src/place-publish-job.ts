import { publishJobId } from './jobs/publish-jobs.js';
import { assertQueueConnected, enqueue, type Queues } from './queues.js';

const LIVE_STATES = new Set(['waiting', 'active', 'prioritized', 'waiting-children']);

export type PublishJobPlacement = 'added' | 'moved' | 'kept';

/**
 * Makes sure exactly one job `publish-<postId>` will run at `runAt`.
 * - a delayed job is moved to the new time when `move` is set (reschedule, publish now), kept otherwise;
 * - a waiting or running job is joined (a second publish never publishes twice);
 * - a finished or failed job is replaced (BullMQ ignores a duplicate id only while the first exists).
 * `retry` comes from LPS_PUBLISH_ATTEMPTS / LPS_PUBLISH_BACKOFF (config.network.publish).
 * The sweeper calls it without `move` for every due post, so a lost Redis loses nothing.
 * `mayExist: false` (the caller knows from the post's history that no job exists) adds without reading the state first.
 */
export async function placePublishJob(
  queues: Queues,
  postId: string,
  runAt: Date,
  options: { move: boolean; retry: { attempts: number; backoffMs: number }; mayExist?: boolean; requestId?: string },
): Promise<PublishJobPlacement> {
  const delay = Math.max(0, runAt.getTime() - Date.now());
  const id = publishJobId(postId);
  assertQueueConnected(queues.publish);
  // The state alone first (one script call, no job parsed): most calls end here, and the
  // sweeper makes one per due post every interval, also in the middle of a burst.
  // Skipped when the caller's post proves there is none (the API's publishJobMayExist).
  const state = options.mayExist === false ? 'unknown' : await queues.publish.getJobState(id);
  if (LIVE_STATES.has(state)) return 'kept';
  if (state === 'delayed' && !options.move) return 'kept';
  if (state !== 'unknown') {
    const existing = await queues.publish.getJob(id);
    if (existing && state === 'delayed') {
      // The job may have become due in between: then it is already on its way, which is what we want.
      await (delay === 0 ? existing.promote() : existing.changeDelay(delay)).catch(() => undefined);
      return 'moved';
    }
    await existing?.remove().catch(() => undefined);
  }
  const retry = { attempts: options.retry.attempts, backoff: { type: 'exponential', delay: options.retry.backoffMs } };
  await enqueue(queues, 'publish-post', { postId }, { ...retry, delay, requestId: options.requestId });
  return 'added';
}

/**
 * Removes job `publish-<postId>` while it waits for its time (a post unscheduled): a later
 * schedule then adds a job for its own time instead of joining one for the old time. A job
 * already due or running is left alone: it reads the post and finds it unscheduled.
 */
export async function removeDelayedPublishJob(queues: Queues, postId: string): Promise<void> {
  assertQueueConnected(queues.publish);
  const job = await queues.publish.getJob(publishJobId(postId));
  if (job && (await job.getState()) === 'delayed') await job.remove();
}
