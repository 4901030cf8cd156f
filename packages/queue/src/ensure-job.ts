import { jobCatalog, type JobPayload } from './catalog.js';
import { enqueue, type Queues } from './queues.js';

type RecoverableJob = 'deliver-webhook';

/**
 * Makes sure a job exists for work the database says is unfinished. A job that
 * is waiting, delayed or active is left alone (adding it again would be
 * ignored anyway); one that is missing (Redis lost it) or already finished
 * while the row is still unfinished (it gave up, or ended in a crash) is
 * removed and added afresh under the same deterministic id.
 */
export async function ensureJob<N extends RecoverableJob>(queues: Queues, name: N, payload: JobPayload<N>): Promise<'exists' | 'added'> {
  const definition = jobCatalog[name];
  const jobId = (definition.jobId as (p: JobPayload<N>) => string)(payload);
  const queue = queues[definition.queue];
  const existing = await queue.getJob(jobId);
  if (existing) {
    const state = await existing.getState();
    if (state !== 'completed' && state !== 'failed' && state !== 'unknown') return 'exists';
    await existing.remove().catch(() => undefined);
  }
  await enqueue(queues, name, payload);
  return 'added';
}
