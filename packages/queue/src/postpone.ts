import { DelayedError, UnrecoverableError, type Job } from 'bullmq';

/**
 * A running job as the use cases see it. The type is BullMQ's, but the use cases only
 * hand it to the functions below, so BullMQ's errors and calls stay in this package.
 */
export type QueueJob = Job;

/**
 * Parks a running job until `at` without counting an attempt, and ends its
 * handler: for work that must wait its turn (a busy endpoint, a member over
 * their share, a page or a video not ready yet), not for failures.
 */
export async function postponeJob(job: QueueJob, at: number): Promise<never> {
  await job.moveToDelayed(at, job.token);
  throw new DelayedError();
}

/** Whether a handler ended because its job was postponed (postponeJob): nothing failed. */
export const isPostponed = (error: unknown): boolean => error instanceof DelayedError;

/** Ends the handler so that the job fails without further attempts (it is kept as failed). */
export function failJobForGood(reason: string): never {
  throw new UnrecoverableError(reason);
}

/** The attempts the job was given, and whether the running one is the last of them. */
export function attemptsOf(job: QueueJob): { allowed: number; last: boolean } {
  const allowed = job.opts.attempts ?? 1;
  return { allowed, last: job.attemptsMade + 1 >= allowed };
}
