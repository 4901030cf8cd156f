import type { ResearchProvider, TextProvider } from '@lps/ai';
import type { Repositories } from '@lps/db';
import type { Logger } from '@lps/logger';

/** What one research run uses; tests may swap the providers, production takes them from the configuration. */
export interface ResearchDeps {
  repos: Pick<Repositories, 'findResearchRequest' | 'markResearchRequestRunning' | 'markResearchRequestFailed' | 'findMemberProfile' | 'ideaTitles' | 'transaction'>;
  /** After the ideas' event is committed: the dispatcher relays it now. */
  announceEvents(outboxIds: string[]): Promise<void>;
  logger: Logger;
  textProvider: TextProvider;
  research: ResearchProvider;
}

/** Search results kept per run, and ideas made from them (docs/api.md caps a run at 10). */
export const NOTES_PER_RUN = 8;
export const IDEAS_PER_RUN = 5;
