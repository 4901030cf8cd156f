import { placePublishJob } from '@lps/queue';
import type { Needs } from '../publisher-context.js';

const BATCH = 2_000;

/**
 * The database is the truth for schedules: every `scheduled` post due soon and
 * every publication in flight gets its job back if Redis lost it (flush, restart,
 * failover). Posts due within two sweep intervals get a delayed job for their
 * exact time, so a lost delayed job costs no lateness either.
 *
 * It runs every interval, also in the middle of a burst of thousands of
 * publications, so it stays cheap there: a publication requested less than one
 * interval ago had its job placed by the API moments ago (if that failed, the next
 * sweep restores it), and a post whose job is alive costs one state read.
 */
export async function sweepSchedules({ repos, config, queues, log }: Needs<'findPublicationsToSweep', 'config' | 'queues' | 'log'>): Promise<string> {
  const interval = config.network.scheduleSweepIntervalMs;
  const now = Date.now();
  const horizon = new Date(now + 2 * interval);
  const requestedBefore = new Date(now - interval);
  const posts = await repos.findPublicationsToSweep({ scheduledBy: horizon, requestedBefore, limit: BATCH });
  let added = 0;
  for (const post of posts) {
    const runAt = post.publishRequestedAt ? new Date() : (post.scheduledAt ?? new Date());
    const placement = await placePublishJob(queues, post.id, runAt, { move: false, retry: config.network.publish });
    if (placement === 'added') added += 1;
  }
  if (added > 0) log.warn(`schedule sweep re-enqueued ${added} publication(s) that had no job`);
  return `checked ${posts.length}, re-enqueued ${added}`;
}
