import type { NetworkError } from '@lps/network';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MAX_INTERVAL = 30 * DAY;
/** The interval is a seventh of the post's age: a post older than a week is read at most once a day. */
const AGE_DIVISOR = 7;

/**
 * When a post's metrics are due again after a reading (decision 0012): a post's numbers
 * move fast in its first hours and hardly at all after a week, so the interval grows with
 * its age — a seventh of it, at least LPS_ANALYTICS_MAX_AGE, at most 30 days. A member's
 * old posts then cost a few calls a day, not 5 each every hour.
 */
export function nextRefreshAt(publishedAt: Date, fetchedAt: Date, maxAgeMs: number): Date {
  const age = Math.max(0, fetchedAt.getTime() - publishedAt.getTime());
  return new Date(fetchedAt.getTime() + Math.min(MAX_INTERVAL, Math.max(maxAgeMs, age / AGE_DIVISOR)));
}

/**
 * After a failed reading other than a 429 (which pauses every refresh instead): a refusal
 * that will not change by itself (no analytics scope, revoked token) waits a day; an
 * outage waits as long as a success would have.
 */
export function retryRefreshAt(error: NetworkError, publishedAt: Date, now: Date, maxAgeMs: number): Date {
  return error.retryable ? nextRefreshAt(publishedAt, now, maxAgeMs) : new Date(now.getTime() + DAY);
}

/** A member who cannot be measured now (not connected, token expired) is asked again in a day. */
export const retryUnmeasurableAt = (now: Date): Date => new Date(now.getTime() + DAY);
