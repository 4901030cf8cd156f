import { DelayedError, type Job } from 'bullmq';

/**
 * Parks a running job until `at` without counting an attempt, and ends its
 * handler: for work that must wait its turn (a busy endpoint, a member over
 * their share), not for failures.
 */
export async function postponeJob(job: Job, at: number): Promise<never> {
  await job.moveToDelayed(at, job.token);
  throw new DelayedError();
}
