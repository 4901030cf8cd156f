import { createFairSlots } from '@lps/common';
import type { Logger } from '@lps/logger';
import { postponeJob } from '@lps/queue';

type CallJob = Parameters<typeof postponeJob>[0];

/** Weight of the newest job in the average job time. */
const SMOOTHING = 0.2;

/**
 * One member's burst cannot hold the image service's call slots: each member runs
 * at most their share at once (more only while a share stays free for others, see
 * `createFairSlots`), and a job over it is postponed without counting an attempt —
 * so another member's job, behind a burst in the queue, is reached after the
 * burst's jobs are merely skipped, not run. BullMQ's groups would do this in Redis
 * but are a Pro feature; this is per process, as for webhook deliveries.
 *
 * A postponed job comes back after about one job's time (the average here,
 * randomised so the waiters do not wake together): sooner would only have it
 * skipped again — each skip is Redis work and an event every API process reads.
 */
export function inMemberTurns(concurrency: number) {
  const slots = createFairSlots(concurrency);
  let averageMs = 250;
  const turnWait = () => Math.round(Math.min(2_000, Math.max(100, averageMs)) * (0.5 + Math.random()));
  return <P extends { memberId: string }, T>(run: (payload: P, log: Logger) => Promise<T>) =>
    async (payload: P, job: CallJob, log: Logger): Promise<T> => {
      const release = slots.take(payload.memberId);
      if (!release) return postponeJob(job, Date.now() + turnWait());
      const started = Date.now();
      try {
        return await run(payload, log);
      } finally {
        averageMs += SMOOTHING * (Date.now() - started - averageMs);
        release();
      }
    };
}
