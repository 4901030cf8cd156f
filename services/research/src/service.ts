import { createResearchProvider, createTextProvider, type ResearchProvider, type TextProvider } from '@lps/ai';
import { createGuardedClient } from '@lps/outbound';
import { startQueueWorker, type Runtime, type RunningService } from '@lps/runtime';
import { createStorage, type FileStorage } from '@lps/storage';
import { fetchLinkPreview, type LinkPreviewDeps } from './domain/link-preview/fetch-link-preview.js';
import { researchKeyword } from './domain/research-keyword.js';
import type { ResearchDeps } from './domain/research-deps.js';

export interface ResearchServiceOptions {
  textProvider?: TextProvider;
  research?: ResearchProvider;
  storage?: FileStorage;
  concurrency?: number;
}

/**
 * The research worker: turns keyword research into ideas (LPS_RESEARCH_PROVIDER,
 * LPS_AI_PROVIDER), and reads the pages of posts' links for their cards.
 */
export async function startResearchService(runtime: Runtime, options: ResearchServiceOptions = {}): Promise<RunningService> {
  const { config, logger } = runtime;
  const deps: ResearchDeps = {
    repos: runtime.repositories,
    announceEvents: runtime.announceEvents,
    logger,
    textProvider: options.textProvider ?? createTextProvider(config.ai, { logger }),
    research: options.research ?? createResearchProvider(config.ai),
  };
  const timeoutMs = config.storage.linkPreviewTimeoutMs;
  const linkPreviews: LinkPreviewDeps = {
    repos: runtime.repositories,
    calls: runtime.calls,
    imageWaitMs: config.images.waitMs,
    storage: options.storage ?? createStorage(config),
    // Redirects followed a few times, each hop checked; the reader keeps its own deadline, this one is the backstop.
    client: createGuardedClient({ allowPrivate: config.security.allowPrivateUrls, timeoutMs: timeoutMs + 1_000, maxRedirects: 5 }),
    timeoutMs,
  };
  const worker = await startQueueWorker(runtime, {
    queue: 'research',
    // Research waits on search and the model, not the CPU.
    concurrency: options.concurrency ?? 4,
    handlers: {
      'research-keyword': (payload, job, log) => researchKeyword(deps, payload.researchRequestId, { final: job.attemptsMade + 1 >= (job.opts.attempts ?? 1) }, log),
      'fetch-link-preview': (payload, _job, log) => fetchLinkPreview(linkPreviews, payload.postId, payload.requestId, log),
    },
  });
  logger.info('research worker started', { research: deps.research.name, text: deps.textProvider.name });
  return { name: 'research', stop: () => worker.close() };
}
