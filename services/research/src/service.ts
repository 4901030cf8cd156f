import { startQueueWorker, type Runtime, type RunningService } from '@lps/runtime';
import { researchContext, type ResearchServiceOptions } from './composition.js';
import { fetchLinkPreview } from './domain/link-preview/fetch-link-preview.js';
import { researchKeyword } from './domain/research-keyword.js';

export type { ResearchServiceOptions } from './composition.js';

/**
 * The research worker: turns keyword research into ideas (LPS_RESEARCH_PROVIDER,
 * LPS_AI_PROVIDER), and reads the pages of posts' links for their cards.
 */
export async function startResearchService(runtime: Runtime, options: ResearchServiceOptions = {}): Promise<RunningService> {
  const context = researchContext(runtime, options);
  const worker = await startQueueWorker(runtime, {
    queue: 'research',
    // Research waits on search and the model, not the CPU.
    concurrency: options.concurrency ?? 4,
    handlers: {
      'research-keyword': (payload, job, log) => researchKeyword({ ...context, log }, payload.researchRequestId, { final: job.attemptsMade + 1 >= (job.opts.attempts ?? 1) }),
      'fetch-link-preview': (payload, _job, log) => fetchLinkPreview({ ...context, log }, payload.postId, payload.requestId),
    },
  });
  context.log.info('research worker started', { research: context.research.name, text: context.textProvider.name });
  return { name: 'research', stop: () => worker.close() };
}
