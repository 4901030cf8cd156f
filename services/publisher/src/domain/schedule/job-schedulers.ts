import type { Runtime } from '@lps/runtime';

/**
 * The sweeper, the analytics refresh and the idempotency purge are BullMQ job schedulers, which live in
 * Redis: a flushed or replaced Redis forgets them. The publisher re-creates any
 * that is missing, at start and then every sweep interval, so the sweeper can
 * restore the publications Redis forgot.
 */
export function keepJobSchedulers(runtime: Runtime): { stop(): void; ensure(): Promise<void> } {
  const queue = runtime.queues.publish;
  const { scheduleSweepIntervalMs, analyticsRefreshIntervalMs, idempotencyPurgeIntervalMs } = runtime.config.network;
  const schedulers = [
    { id: 'sweep-schedules', every: scheduleSweepIntervalMs },
    { id: 'refresh-analytics', every: analyticsRefreshIntervalMs },
    { id: 'purge-idempotency-records', every: idempotencyPurgeIntervalMs },
  ] as const;
  const ensure = async () => {
    for (const { id, every } of schedulers) {
      if (await queue.getJobScheduler(id)) continue;
      await queue.upsertJobScheduler(id, { every }, { name: id, data: {} });
    }
  };
  const timer = setInterval(() => {
    ensure().catch((error: Error) => runtime.logger.warn('could not check the job schedulers', { error: error.message }));
  }, scheduleSweepIntervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer), ensure };
}
