import type { MemberProfile } from './member-profile.js';

/** One piece of material found for a topic: a search result, or an offline prompt for thought. */
export interface ResearchNote {
  title: string;
  snippet: string;
  /** Where it came from; null for the offline provider's notes. */
  url: string | null;
}

export interface ResearchQuery {
  /** The keyword or topic to research (a short search query). */
  query: string;
  member: MemberProfile;
  /** At most this many notes. */
  limit: number;
  /** Aborts the lookup (POST /posts bounds research in time). */
  signal?: AbortSignal;
}

/** Gathers notes on a topic: offline (`builtin`) or from a SearxNG-compatible search API (`searxng`). */
export interface ResearchProvider {
  readonly name: string;
  gather(query: ResearchQuery): Promise<ResearchNote[]>;
}

/** The research source failed (after its retries) or answered something unusable. */
export class ResearchUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ResearchUnavailableError';
  }
}
