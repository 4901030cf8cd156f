import { createResearchProvider, createTextProvider, type ResearchProvider, type TextProvider } from '@lps/ai';
import { startQueueWorker, type Runtime, type RunningService } from '@lps/runtime';
import { researchKeyword } from './domain/research-keyword.js';

export interface ResearchServiceOptions {
  textProvider?: TextProvider;
  research?: ResearchProvider;
  concurrency?: number;
}

/** The research worker: turns keyword research into ideas (LPS_RESEARCH_PROVIDER, LPS_AI_PROVIDER). */
export async function startResearchService(runtime: Runtime, options: ResearchServiceOptions = {}): Promise<RunningService> {
  const { config, logger } = runtime;
  const deps = {
    runtime,
    textProvider: options.textProvider ?? createTextProvider(config.ai, { logger }),
    research: options.research ?? createResearchProvider(config.ai),
  };
  const worker = await startQueueWorker(runtime, {
    queue: 'research',
    // Research waits on search and the model, not the CPU.
    concurrency: options.concurrency ?? 4,
    handlers: {
      'research-keyword': (payload, job, log) =>
        researchKeyword(deps, payload.researchRequestId, { final: job.attemptsMade + 1 >= (job.opts.attempts ?? 1) }, log),
    },
  });
  logger.info('research worker started', { research: deps.research.name, text: deps.textProvider.name });
  return { name: 'research', stop: () => worker.close() };
}
