import type Joi from 'joi';
import { Queue, type JobsOptions } from 'bullmq';
import { jobCatalog, type JobName, type JobPayload } from './catalog.js';
import { QUEUE_NAMES, type QueueName } from './jobs/job-definition.js';
import { queueTelemetry } from '@lps/telemetry';
import { bullPrefix, type RedisClient } from './connections.js';

export type Queues = Record<QueueName, Queue>;

/** Not part of any payload schema: set by enqueue, read by the worker runner. */
export const REQUEST_ID_FIELD = '_request_id';

export function createQueues(connection: RedisClient, prefix: string): Queues {
  return Object.fromEntries(
    // With tracing on (OTEL_*), an add continues the caller's trace and the job's worker continues the add's.
    QUEUE_NAMES.map((name) => [name, new Queue(name, { connection, prefix: bullPrefix(prefix), telemetry: queueTelemetry() })]),
  ) as Queues;
}

export const closeQueues = async (queues: Queues): Promise<void> => {
  await Promise.all(Object.values(queues).map((queue) => queue.close()));
};

/** A queue operation refused because its Redis connection is down (classified as 503 by the API). */
export class RedisUnavailableError extends Error {
  override readonly name = 'RedisUnavailableError';
}

/**
 * Fails at once when the queue's connection is not ready. Producer connections
 * auto-pipeline with the offline queue off, and ioredis then loses the rejection
 * of a script command sent while disconnected (redis/ioredis#1511): the promise
 * never settles and the error surfaces as an unhandled rejection that ends the
 * process. So no BullMQ call is made on a connection that is down.
 */
export function assertQueueConnected(queue: Queue): void {
  const status = (queue.opts.connection as { status?: string }).status;
  if (status !== undefined && status !== 'ready') throw new RedisUnavailableError(`Redis is not connected (${status})`);
}

/** BullMQ's options, and the request that caused the job (its id travels beside the payload). */
export type EnqueueOptions = JobsOptions & { requestId?: string };

/** A job as the catalog defines it: payload checked, retry policy, deterministic id, the request id beside the payload. */
export function catalogJob<N extends JobName>(name: N, payload: JobPayload<N>, { requestId, ...options }: EnqueueOptions) {
  const definition = jobCatalog[name];
  const checked: Joi.ValidationResult<unknown> = definition.schema.validate(payload);
  if (checked.error) throw new Error(`invalid payload for job ${name}: ${checked.error.message}`);
  // The schema of job N checked it: the value is N's payload, with joi's defaults applied.
  const value = checked.value as JobPayload<N>;
  const jobId = options.jobId ?? (definition as { jobId?: (p: JobPayload<N>) => string | undefined }).jobId?.(value);
  // The request that caused the job travels beside the payload, so worker logs correlate with it.
  const data = requestId ? { ...(value as object), [REQUEST_ID_FIELD]: requestId } : value;
  return { queue: definition.queue, name, data, opts: { ...definition.options, ...options, ...(jobId ? { jobId } : {}) } };
}

/**
 * Adds a job after checking its payload against the catalog, with the catalog's
 * retry policy and deterministic id. Awaited by every caller: an enqueue that
 * fails must fail the request, not vanish.
 */
export async function enqueue<N extends JobName>(queues: Queues, name: N, payload: JobPayload<N>, options: EnqueueOptions = {}) {
  const job = catalogJob(name, payload, options);
  assertQueueConnected(queues[job.queue]);
  return queues[job.queue].add(name, job.data, job.opts);
}

/** Jobs per Redis call in `enqueueMany`. */
const BULK_CHUNK = 500;

/**
 * `enqueue` for many jobs of one name: the same checks, options and ids, added
 * with `addBulk` — one Redis round trip per 500 jobs instead of one per job.
 * A job whose id exists already is left as it is, as with `enqueue`.
 */
export async function enqueueMany<N extends JobName>(
  queues: Queues,
  name: N,
  payloads: JobPayload<N>[],
  options: { traceOf?: (index: number) => string | null | undefined } = {},
): Promise<void> {
  const jobs = payloads.map((payload, index) => {
    // A job may continue another trace than the caller's (a delivery continues its event's).
    const trace = options.traceOf?.(index);
    return catalogJob(name, payload, trace ? { telemetry: { metadata: trace } } : {});
  });
  const queue = queues[jobCatalog[name].queue];
  for (let i = 0; i < jobs.length; i += BULK_CHUNK) {
    assertQueueConnected(queue);
    await queue.addBulk(jobs.slice(i, i + BULK_CHUNK).map(({ data, opts }) => ({ name, data, opts })));
  }
}
