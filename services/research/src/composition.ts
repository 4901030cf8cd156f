import { createResearchProvider, createTextProvider, type ResearchProvider, type TextProvider } from '@lps/ai';
import { createGuardedClient } from '@lps/outbound';
import type { Runtime } from '@lps/runtime';
import { createStorage, type FileStorage } from '@lps/storage';
import type { ResearchContext } from './domain/research-context.js';

export interface ResearchServiceOptions {
  textProvider?: TextProvider;
  research?: ResearchProvider;
  storage?: FileStorage;
  concurrency?: number;
}

/** The research worker's composition: each port of ResearchContext given its implementation, once per process. */
export function researchContext(runtime: Runtime, options: ResearchServiceOptions = {}): ResearchContext {
  const { config, logger: log } = runtime;
  return {
    repos: runtime.repositories,
    announceEvents: runtime.announceEvents,
    config,
    textProvider: options.textProvider ?? createTextProvider(config.ai, { logger: log }),
    research: options.research ?? createResearchProvider(config.ai),
    calls: runtime.calls,
    storage: options.storage ?? createStorage(config),
    // Redirects followed a few times, each hop checked; the reader keeps its own deadline, this one is the backstop.
    linkClient: createGuardedClient({ allowPrivate: config.security.allowPrivateUrls, timeoutMs: config.storage.linkPreviewTimeoutMs + 1_000, maxRedirects: 5 }),
    log,
  };
}
