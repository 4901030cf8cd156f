import type { ResearchProvider, TextProvider } from '@lps/ai';
import type { Runtime } from '@lps/runtime';

/** What one research run uses; tests may swap the providers, production takes them from the configuration. */
export interface ResearchDeps {
  runtime: Runtime;
  textProvider: TextProvider;
  research: ResearchProvider;
}

/** Search results kept per run, and ideas made from them (docs/api.md caps a run at 10). */
export const NOTES_PER_RUN = 8;
export const IDEAS_PER_RUN = 5;
