import type Joi from 'joi';
import { Job, QueueEvents } from 'bullmq';
import { jobCatalog, type CallName, type JobPayload, type JobResult } from './catalog.js';
import type { QueueName } from './jobs/job-definition.js';
import { bullPrefix, type RedisClient } from './connections.js';
import { assertQueueConnected, catalogJob, type Queues } from './queues.js';

/** No answer came within the caller's wait: the job may still be waiting, running, or lost with Redis. */
export class CallTimeoutError extends Error {
  override readonly name = 'CallTimeoutError';
}

/** The job failed (its handler threw, or it stalled too often): the worker's reason is the message. */
export class CallFailedError extends Error {
  override readonly name = 'CallFailedError';
}

export interface CallOptions {
  /** How long the caller waits for the answer. */
  timeoutMs: number;
  /** The request that made the call, carried into the worker's logs. */
  requestId?: string;
}

/**
 * Request and reply over BullMQ (decision 0006): a call adds a job of the catalog
 * that declares a result schema, waits for its answer and returns it typed.
 */
export interface JobCalls {
  /**
   * Adds the job and waits at most `timeoutMs` for it to finish. Resolves with the
   * handler's answer (checked against the catalog's result schema); rejects with
   * `CallFailedError` when the job failed and `CallTimeoutError` when no answer came —
   * then a job not yet started is removed, one running is left to finish.
   */
  call<N extends CallName>(name: N, payload: JobPayload<N>, options: CallOptions): Promise<JobResult<N>>;
  close(): Promise<void>;
}

type Outcome = { answer: unknown } | { failed: string };

/**
 * One `QueueEvents` per queue and process, opened on the first call (a process that
 * never calls opens none), on a blocking connection from `connect`. Its stream read
 * resumes from the last event seen after a reconnection, so answers given while
 * Redis was briefly away still arrive; what cannot arrive (Redis restarted empty,
 * the stream trimmed past us) ends as a time-out, and the last look at the job
 * before giving up catches an answer whose event was missed.
 */
export function createJobCalls(queues: Queues, options: { prefix: string; connect: () => Promise<RedisClient> }): JobCalls {
  const listening = new Map<QueueName, Promise<QueueEvents>>();
  const waiting = new Map<string, (outcome: Outcome) => void>();
  const waiterKey = (queue: string, jobId: string) => `${queue}\u0000${jobId}`;

  const listen = (queue: QueueName): Promise<QueueEvents> => {
    let events = listening.get(queue);
    if (!events) {
      events = (async () => {
        const queueEvents = new QueueEvents(queue, { connection: await options.connect(), prefix: bullPrefix(options.prefix) });
        queueEvents.on('completed', ({ jobId, returnvalue }) => waiting.get(waiterKey(queue, jobId))?.({ answer: returnvalue }));
        queueEvents.on('failed', ({ jobId, failedReason }) => waiting.get(waiterKey(queue, jobId))?.({ failed: failedReason }));
        // ioredis reconnects by itself; every wait is bounded, so a lost connection costs time-outs, not hangs.
        queueEvents.on('error', () => undefined);
        await queueEvents.waitUntilReady();
        return queueEvents;
      })();
      listening.set(queue, events);
      events.catch(() => listening.delete(queue));
    }
    return events;
  };

  /** The job as Redis holds it now: its answer if it finished, else removed when it has not started. */
  async function lastLook(queue: Queues[QueueName], jobId: string): Promise<Outcome | undefined> {
    const job = await Job.fromId(queue, jobId);
    if (!job) return undefined;
    if (job.finishedOn) return (await job.isFailed()) ? { failed: job.failedReason } : { answer: job.returnvalue };
    // Waiting or postponed: nobody will read its answer, so it should not take the worker's time.
    // A running job is locked and stays (remove refuses); the caller's own clean-up covers it.
    await job.remove().catch(() => undefined);
    return undefined;
  }

  return {
    async call(name, payload, { timeoutMs, requestId }) {
      const definition = jobCatalog[name];
      const job = catalogJob(name, payload, { requestId });
      const jobId = job.opts.jobId;
      if (!jobId) throw new Error(`the call ${name} needs a deterministic job id`);
      const queue = queues[job.queue];
      assertQueueConnected(queue);
      // Listening before the job exists, so its answer cannot pass unseen.
      await listen(job.queue);
      const key = waiterKey(job.queue, jobId);
      const outcome = await new Promise<Outcome | undefined>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(key);
          lastLook(queue, jobId).then(resolve, reject);
        }, timeoutMs);
        waiting.set(key, (answered) => {
          clearTimeout(timer);
          waiting.delete(key);
          resolve(answered);
        });
        queue.add(name, job.data, job.opts).catch((error: unknown) => {
          clearTimeout(timer);
          waiting.delete(key);
          reject(error instanceof Error ? error : new Error(String(error)));
        });
      });
      if (!outcome) throw new CallTimeoutError(`${name} did not answer within ${timeoutMs} ms`);
      if ('failed' in outcome) throw new CallFailedError(outcome.failed || `${name} failed`);
      const checked: Joi.ValidationResult<unknown> = definition.result.validate(outcome.answer);
      if (checked.error) throw new Error(`${name} answered outside its result schema: ${checked.error.message}`);
      return checked.value as JobResult<typeof name>;
    },
    async close() {
      const opened = [...listening.values()];
      listening.clear();
      await Promise.allSettled(opened.map(async (events) => (await events).close()));
    },
  };
}
