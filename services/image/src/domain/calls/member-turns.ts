import { createFairSlots } from '@lps/common';
import type { Logger } from '@lps/logger';
import { postponeJob, type ImageCallPayload, type JobHandler } from '@lps/queue';

type CallJob = Parameters<JobHandler<'attach-upload' | 'draw-overlay'>>[1];

/** How long a job over its member's share waits before it is looked at again; random so the waiters do not wake together. */
const turnWait = () => 100 + Math.floor(Math.random() * 300);

/**
 * One member's burst cannot hold the image service's call slots: each member runs
 * at most their share at once (more only while a share stays free for others, see
 * `createFairSlots`), and a job over it is postponed for a moment without counting
 * an attempt — so another member's job, behind a burst in the queue, is reached
 * after the burst's jobs are merely skipped, not run. BullMQ's groups would do this
 * in Redis but are a Pro feature; this is per process, as for webhook deliveries.
 */
export function inMemberTurns(concurrency: number) {
  const slots = createFairSlots(concurrency);
  return <T>(run: (payload: ImageCallPayload, log: Logger) => Promise<T>) =>
    async (payload: ImageCallPayload, job: CallJob, log: Logger): Promise<T> => {
      const release = slots.take(payload.memberId);
      if (!release) return postponeJob(job, Date.now() + turnWait());
      try {
        return await run(payload, log);
      } finally {
        release();
      }
    };
}
