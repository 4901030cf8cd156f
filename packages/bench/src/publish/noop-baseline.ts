import { randomBytes, randomUUID } from 'node:crypto';
import { closeQueues, connectRedis, createQueues, enqueue, startWorker, type StartWorkerOptions } from '@lps/queue';
import { runWithConcurrency } from './concurrency.js';

/** The worker only logs failures, and a no-op never fails: nothing to print. */
const silentLogger = { log: () => undefined, error: () => undefined } as unknown as StartWorkerOptions<'research'>['logger'];

/**
 * Raw BullMQ on the same Redis in the same run: no-op jobs added one by one (as
 * the API adds publish jobs) and processed by one worker at the same concurrency.
 * Jobs per second from the first add to the last completion.
 */
export async function noopBaseline(redisUrl: string, jobs: number, concurrency: number): Promise<number> {
  const prefix = `benchnoop${randomBytes(4).toString('hex')}`;
  const producer = await connectRedis(redisUrl, 'producer');
  const workerConnection = await connectRedis(redisUrl, 'worker');
  const queues = createQueues(producer, prefix);
  let done = 0;
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const worker = startWorker({
    queue: 'research',
    connection: workerConnection,
    prefix,
    concurrency,
    logger: silentLogger,
    handlers: {
      'research-keyword': async () => {
        done += 1;
        if (done === jobs) finish();
      },
    },
  });
  const started = Date.now();
  await runWithConcurrency(jobs, 50, () => enqueue(queues, 'research-keyword', { researchRequestId: randomUUID() }));
  await finished;
  const seconds = (Date.now() - started) / 1000;
  await worker.close();
  await queues.research.obliterate({ force: true });
  await closeQueues(queues);
  await Promise.all([producer.quit(), workerConnection.quit()]);
  return jobs / seconds;
}
