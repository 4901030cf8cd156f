import { imageJobs } from './jobs/image-jobs.js';
import type { JobDefinition, QueueName } from './jobs/job-definition.js';
import { publishJobs } from './jobs/publish-jobs.js';
import { researchJobs } from './jobs/research-jobs.js';
import { webhookJobs } from './jobs/webhook-jobs.js';

/** Every job of the system, in one place: name → queue, payload schema, retry policy. */
export const jobCatalog = {
  ...publishJobs,
  ...imageJobs,
  ...researchJobs,
  ...webhookJobs,
};

export type JobCatalog = typeof jobCatalog;
export type JobName = keyof JobCatalog;
export type JobPayload<N extends JobName> = JobCatalog[N] extends JobDefinition<infer P> ? P : never;

/** The job names that run on a queue: a worker must handle exactly these. */
export type JobsOnQueue<Q extends QueueName> = {
  [N in JobName]: JobCatalog[N]['queue'] extends Q ? N : never;
}[JobName];
