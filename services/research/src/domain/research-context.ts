import type { ResearchProvider, TextProvider } from '@lps/ai';
import type { NeedsOf } from '@lps/common';
import type { Config } from '@lps/config';
import type { Repositories } from '@lps/db';
import type { Logger } from '@lps/logger';
import type { JobCalls } from '@lps/queue';
import type { FileStorage } from '@lps/storage';
import type { Got } from 'got';

/**
 * What the research worker's jobs work with, built once by `researchContext`
 * (src/composition.ts) from the runtime. A use case declares the part it uses with
 * `Needs<…>`, so a test hands it those alone (decision 0025). Each port names the
 * function that implements it.
 */
export interface ResearchContext {
  /** Every repository function, its client bound (`createRepositories`, packages/db/src/access/repositories.ts). */
  repos: Repositories;
  /** After the ideas' event is committed: the dispatcher relays it now (`createEventAnnouncer`, packages/runtime/src/announce-events.ts). */
  announceEvents(outboxIds: string[]): Promise<void>;
  /** `loadConfig` (packages/config/src/load-config.ts). */
  config: Config;
  /** Writes ideas from the notes, as LPS_AI_PROVIDER says (`createTextProvider`, packages/ai/src/factory.ts). */
  textProvider: TextProvider;
  /** Gathers notes on a keyword, as LPS_RESEARCH_PROVIDER says (`createResearchProvider`, packages/ai/src/factory.ts). */
  research: ResearchProvider;
  /** Asks the image service (it decodes pixels) to make a card's thumbnail (`createJobCalls`, packages/queue/src/calls.ts). */
  calls: Pick<JobCalls, 'call'>;
  /** `createStorage` (packages/storage/src/create-storage.ts). */
  storage: FileStorage;
  /** Reads links' pages and images: private addresses refused at connect time, redirects checked (`createGuardedClient`, packages/outbound/src/guarded-client.ts). */
  linkClient: Got;
  /** The runtime's logger, or within a job the job's own (job_id, queue, request_id). */
  log: Logger;
}

/** What one use case uses: the repository functions `R`, and the other parts `O` of ResearchContext. */
export type Needs<R extends keyof Repositories = never, O extends Exclude<keyof ResearchContext, 'repos'> = never> = NeedsOf<ResearchContext, R, O>;
