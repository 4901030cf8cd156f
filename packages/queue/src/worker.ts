import type Joi from 'joi';
import { Worker, type Job, type WorkerOptions } from 'bullmq';
import type { LogContext, Logger } from '@lps/logger';
import type { Metrics } from '@lps/metrics';
import { jobCatalog, type JobName, type JobPayload, type JobResult, type JobsOnQueue } from './catalog.js';
import type { QueueName } from './jobs/job-definition.js';
import { queueTelemetry } from '@lps/telemetry';
import { bullPrefix, type RedisClient } from './connections.js';
import { REQUEST_ID_FIELD } from './queues.js';

/** `log` carries the job's ids (job_id, queue, and the request_id of the request that caused it). A call's handler returns its typed answer. */
export type JobHandler<N extends JobName> = (payload: JobPayload<N>, job: Job<JobPayload<N>>, log: Logger) => Promise<JobResult<N>>;

/** One handler per job of the queue: forgetting one is a compile error. */
export type QueueHandlers<Q extends QueueName> = { [N in JobsOnQueue<Q>]: JobHandler<N> };

export interface StartWorkerOptions<Q extends QueueName> {
  queue: Q;
  connection: RedisClient;
  prefix: string;
  handlers: QueueHandlers<Q>;
  logger: Logger;
  concurrency?: number;
  workerOptions?: Partial<WorkerOptions>;
  /** Records job duration and outcome per queue and job name. */
  metrics?: Metrics;
}

export function startWorker<Q extends QueueName>(options: StartWorkerOptions<Q>): Worker {
  const { queue, handlers, logger } = options;
  const worker = new Worker(
    queue,
    async (job: Job) => {
      const { [REQUEST_ID_FIELD]: requestId, ...payload } = (job.data ?? {}) as Record<string, unknown>;
      const log = logger.child({ job_id: job.id ?? '', queue, ...(typeof requestId === 'string' ? { request_id: requestId } : {}) } satisfies LogContext);
      const name = job.name as JobsOnQueue<Q>;
      const handler = handlers[name] as JobHandler<JobName> | undefined;
      if (!handler) throw new Error(`no handler for job ${job.name} on queue ${queue}`);
      const definition = jobCatalog[name as JobName];
      const checked: Joi.ValidationResult<unknown> = definition.schema.validate(payload);
      if (checked.error) throw new Error(`invalid payload for ${job.name}: ${checked.error.message}`);
      const answer = await handler(checked.value as JobPayload<JobName>, job as Job<JobPayload<JobName>>, log);
      // A call's caller reads the answer: it must be what the catalog promises.
      if (definition.result) {
        const checked = definition.result.validate(answer);
        if (checked.error) throw new Error(`${job.name} answered outside its result schema: ${checked.error.message}`);
      }
      return answer;
    },
    {
      connection: options.connection,
      prefix: bullPrefix(options.prefix),
      concurrency: options.concurrency ?? 8,
      telemetry: queueTelemetry(),
      ...options.workerOptions,
    },
  );
  const record = (job: Job | undefined, outcome: 'completed' | 'retrying' | 'failed') => {
    if (!options.metrics || !job) return;
    const labels = { queue, job: job.name, outcome };
    options.metrics.jobOutcomes.inc(labels);
    if (job.processedOn) options.metrics.jobDuration.observe(labels, Math.max(0, (job.finishedOn ?? Date.now()) - job.processedOn) / 1000);
  };
  worker.on('completed', (job) => record(job, 'completed'));
  worker.on('failed', (job, error) => {
    const final = job ? job.attemptsMade >= (job.opts.attempts ?? 1) || error.name === 'UnrecoverableError' : true;
    record(job, final ? 'failed' : 'retrying');
    logger.log(final ? 'error' : 'warn', `job ${job?.name ?? '?'} failed${final ? ' for good' : ', will retry'}`, {
      job_id: job?.id,
      queue,
      attempts: job?.attemptsMade,
      error: error.message,
    });
  });
  worker.on('error', (error) => logger.error('worker error', { queue, error: error.message }));
  return worker;
}
