import { enqueue, type JobName, type JobPayload } from '@lps/queue';
import type { Needs } from '../deps.js';

type RefreshJob = Extract<JobName, 'refresh-analytics' | 'refresh-post-analytics'>;

/**
 * Asks the publisher for a metrics refresh; a GET never calls the network itself
 * (decision 0012). The job's id makes repeated asks one job. If Redis refuses, the
 * answer still stands: the periodic round refreshes the same posts.
 */
export async function askForRefresh<N extends RefreshJob>({ queues, request }: Needs<never, 'queues' | 'request'>, name: N, payload: JobPayload<N>): Promise<void> {
  try {
    await enqueue(queues, name, payload, { requestId: request.id });
  } catch (error) {
    request.log.warn('could not ask for an analytics refresh; the periodic round will', { job: name, error: (error as Error).message });
  }
}
