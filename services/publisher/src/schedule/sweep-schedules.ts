import { placePublishJob } from '@lps/queue';
import type { PublisherContext } from '../publisher-context.js';

const BATCH = 2_000;

/**
 * The database is the truth for schedules: every `scheduled` post due soon and
 * every publication in flight gets its job back if Redis lost it (flush, restart,
 * failover). Posts due within two sweep intervals get a delayed job for their
 * exact time, so a lost delayed job costs no lateness either.
 */
export async function sweepSchedules({ runtime }: PublisherContext): Promise<string> {
  const { db, config, queues } = runtime;
  const horizon = new Date(Date.now() + 2 * config.network.scheduleSweepIntervalMs);
  const posts = await db.post.findMany({
    where: {
      OR: [
        { status: 'scheduled', scheduledAt: { lte: horizon } },
        { status: { not: 'published' }, publishRequestedAt: { not: null } },
      ],
    },
    select: { id: true, scheduledAt: true, publishRequestedAt: true },
    orderBy: { scheduledAt: 'asc' },
    take: BATCH,
  });
  let added = 0;
  for (const post of posts) {
    const runAt = post.publishRequestedAt ? new Date() : (post.scheduledAt ?? new Date());
    const placement = await placePublishJob(queues, post.id, runAt, { move: false, retry: config.network.publish });
    if (placement === 'added') added += 1;
  }
  if (added > 0) runtime.logger.warn(`schedule sweep re-enqueued ${added} publication(s) that had no job`);
  return `checked ${posts.length}, re-enqueued ${added}`;
}
