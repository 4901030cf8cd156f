import { assertQueueConnected, jobCatalog, type JobName } from '@lps/queue';
import type { Runtime } from './runtime.js';

/** A BullMQ job scheduler a process owns: its id, the catalog job it runs, and how often. */
export interface OwnedScheduler {
  id: string;
  job: JobName;
  everyMs: number;
}

export interface SchedulerKeeper {
  /** Re-creates every scheduler Redis does not have (also run by the keeper on its own). */
  restoreMissing(): Promise<string[]>;
  stop(): void;
}

/**
 * BullMQ job schedulers live in Redis only: a Redis that restarts empty, is
 * flushed or fails over to a replica that never had them forgets them — and
 * they are the sweepers, the jobs that restore from the database everything
 * else Redis forgot. Every process that owns schedulers keeps them with this:
 *
 * - at start, each is upserted (so a changed interval takes effect);
 * - then every `checkEveryMs`, and at once whenever the Redis connection is
 *   ready again, any that is missing is re-created, without a restart.
 *
 * Upserting by id is idempotent, so several processes owning the same scheduler
 * (two dispatchers, two publishers) still make one. Nothing is sent on a
 * connection that is down (see assertQueueConnected); the next check retries.
 */
export async function keepJobSchedulers(runtime: Runtime, schedulers: OwnedScheduler[], options: { checkEveryMs: number }): Promise<SchedulerKeeper> {
  const queueOf = (scheduler: OwnedScheduler) => runtime.queues[jobCatalog[scheduler.job].queue];
  const upsert = (scheduler: OwnedScheduler) =>
    queueOf(scheduler).upsertJobScheduler(scheduler.id, { every: scheduler.everyMs }, { name: scheduler.job, data: {}, opts: jobCatalog[scheduler.job].options });

  const restoreMissing = async (): Promise<string[]> => {
    const restored: string[] = [];
    for (const scheduler of schedulers) {
      const queue = queueOf(scheduler);
      assertQueueConnected(queue);
      if (await queue.getJobScheduler(scheduler.id)) continue;
      await upsert(scheduler);
      restored.push(scheduler.id);
    }
    return restored;
  };

  let running: Promise<void> | undefined;
  const check = (): void => {
    // One check at a time: a reconnection during a slow check waits for the next beat.
    running ??= restoreMissing()
      .then((restored) => {
        if (restored.length > 0) runtime.logger.warn('job schedulers were missing from Redis and were re-created', { schedulers: restored.join(',') });
      })
      .catch((error: Error) => {
        runtime.logger.warn('could not check the job schedulers; retrying on the next check', { error: error.message });
      })
      .finally(() => {
        running = undefined;
      });
  };

  for (const scheduler of schedulers) await upsert(scheduler);
  const timer = setInterval(check, options.checkEveryMs);
  timer.unref();
  runtime.redis.on('ready', check);
  return {
    restoreMissing,
    stop: () => {
      clearInterval(timer);
      runtime.redis.off('ready', check);
    },
  };
}
