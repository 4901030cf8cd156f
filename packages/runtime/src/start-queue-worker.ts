import type { Worker } from 'bullmq';
import { startWorker, type QueueName, type StartWorkerOptions } from '@lps/queue';
import type { Runtime } from './runtime.js';

/**
 * A BullMQ worker wired to this runtime: its own blocking Redis connection,
 * the queue prefix, the logger and the job metrics. Services give only what is theirs.
 */
export async function startQueueWorker<Q extends QueueName>(
  runtime: Runtime,
  options: Omit<StartWorkerOptions<Q>, 'connection' | 'prefix' | 'logger' | 'metrics'>,
): Promise<Worker> {
  return startWorker({
    ...options,
    connection: await runtime.workerConnection(),
    prefix: runtime.config.redis.prefix,
    logger: runtime.logger,
    metrics: runtime.metrics,
  });
}
