import type { NetworkError } from '@lps/network';

/**
 * LinkedIn's daily analytics quota, as the refreshes see it: a 429 pauses every refresh
 * until the quota resets, and a round first asks whether a pause is on. A port: the
 * service injects the implementation (adapters/quota-pause.ts), kept in Redis so every
 * publisher replica sees the same pause.
 */
export interface AnalyticsPause {
  /** Pauses every refresh after this 429; returns the end of the pause. */
  pauseRefreshes(error: NetworkError, now?: Date): Promise<Date>;
  /** The end of the current pause, or null when refreshes may run. */
  refreshesPausedUntil(): Promise<Date | null>;
}
