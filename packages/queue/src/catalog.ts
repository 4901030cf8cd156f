import type Joi from 'joi';
import { imageCallJobs } from './jobs/image-call-jobs.js';
import { imageJobs } from './jobs/image-jobs.js';
import type { JobDefinition, QueueName } from './jobs/job-definition.js';
import { publishJobs } from './jobs/publish-jobs.js';
import { researchJobs } from './jobs/research-jobs.js';
import { webhookJobs } from './jobs/webhook-jobs.js';

/** Every job of the system, in one place: name → queue, payload schema, retry policy. */
export const jobCatalog = {
  ...publishJobs,
  ...imageJobs,
  ...imageCallJobs,
  ...researchJobs,
  ...webhookJobs,
};

export type JobCatalog = typeof jobCatalog;
export type JobName = keyof JobCatalog;
export type JobPayload<N extends JobName> = JobCatalog[N] extends JobDefinition<infer P> ? P : never;

/** What a job's handler answers: the result schema's type for a call, anything for other jobs. */
export type JobResult<N extends JobName> = JobCatalog[N] extends { result: Joi.Schema; answerType?: infer R } ? Exclude<R, undefined> : unknown;

/** The jobs a caller may wait for (`JobCalls.call`): those with a result schema. */
export type CallName = { [N in JobName]: JobCatalog[N] extends { result: Joi.Schema } ? N : never }[JobName];

/** The job names that run on a queue: a worker must handle exactly these. */
export type JobsOnQueue<Q extends QueueName> = {
  [N in JobName]: JobCatalog[N]['queue'] extends Q ? N : never;
}[JobName];
