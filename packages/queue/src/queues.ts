import { Queue, type JobsOptions } from 'bullmq';
import { currentLogContext } from '@lps/logger';
import type { Redis } from 'ioredis';
import { jobCatalog, type JobName, type JobPayload } from './catalog.js';
import { QUEUE_NAMES, type QueueName } from './jobs/job-definition.js';
import { bullPrefix } from './connections.js';

export type Queues = Record<QueueName, Queue>;

/** Not part of any payload schema: set by enqueue, read by the worker runner. */
export const REQUEST_ID_FIELD = '_request_id';

export function createQueues(connection: Redis, prefix: string): Queues {
  return Object.fromEntries(
    QUEUE_NAMES.map((name) => [name, new Queue(name, { connection, prefix: bullPrefix(prefix) })]),
  ) as Queues;
}

export const closeQueues = async (queues: Queues): Promise<void> => {
  await Promise.all(Object.values(queues).map((queue) => queue.close()));
};

/**
 * Adds a job after checking its payload against the catalog, with the catalog's
 * retry policy and deterministic id. Awaited by every caller: an enqueue that
 * fails must fail the request, not vanish.
 */
export async function enqueue<N extends JobName>(
  queues: Queues,
  name: N,
  payload: JobPayload<N>,
  options: JobsOptions = {},
) {
  const definition = jobCatalog[name];
  const { error, value } = definition.schema.validate(payload);
  if (error) throw new Error(`invalid payload for job ${name}: ${error.message}`);
  const jobId = options.jobId ?? (definition as { jobId?: (p: JobPayload<N>) => string }).jobId?.(value as JobPayload<N>);
  // The request that caused the job travels beside the payload, so worker logs correlate with it.
  const requestId = currentLogContext().request_id;
  const data = requestId ? { ...value, [REQUEST_ID_FIELD]: requestId } : value;
  return queues[definition.queue].add(name, data, { ...definition.options, ...options, ...(jobId ? { jobId } : {}) });
}
