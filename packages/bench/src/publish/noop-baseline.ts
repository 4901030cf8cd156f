import { randomBytes, randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import type { RedisSettings } from '@lps/config';
import { bullPrefix, connectRedis, jobCatalog } from '@lps/queue';
import { runWithConcurrency } from './concurrency.js';

/**
 * Raw BullMQ on the same Redis in the same run: no-op jobs added one by one (as
 * the API adds publish jobs, with the publish job's options) and processed by one
 * worker at the same concurrency, on connections made as the services make theirs.
 * Plain `Queue.add` and `Worker`: our catalog check and log context per job are part
 * of what the publish side is measured with, not of the baseline.
 * Jobs per second from the first add to the last completion.
 */
export async function noopBaseline(redis: RedisSettings, jobs: number, concurrency: number): Promise<number> {
  const prefix = bullPrefix(`benchnoop${randomBytes(4).toString('hex')}`);
  const producer = await connectRedis(redis, 'producer');
  const workerConnection = await connectRedis(redis, 'worker');
  const queue = new Queue('noop', { connection: producer, prefix });
  const options = jobCatalog['publish-post'].options;
  let done = 0;
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const worker = new Worker(
    'noop',
    async () => {
      done += 1;
      if (done === jobs) finish();
    },
    { connection: workerConnection, prefix, concurrency },
  );
  const started = Date.now();
  await runWithConcurrency(jobs, 50, () => queue.add('noop', { postId: randomUUID() }, options));
  await finished;
  const seconds = (Date.now() - started) / 1000;
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
  await Promise.all([producer.quit(), workerConnection.quit()]);
  return jobs / seconds;
}
