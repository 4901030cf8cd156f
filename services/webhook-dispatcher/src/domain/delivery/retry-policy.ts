/**
 * When to try a failed delivery again. The schedule (docs/webhooks.md, or
 * LPS_WEBHOOK_RETRY_SCHEDULE) gives the delay before each retry; ±20 % jitter
 * spreads the retries of many deliveries that failed together (a receiver
 * coming back from an outage is not hit by all of them in the same second).
 */
export const JITTER = 0.2;
/** The longest pause a receiver can ask for with Retry-After: a receiver cannot park a delivery forever. */
export const RETRY_AFTER_CEILING_MS = 86_400_000;

export interface RetryPolicy {
  /** Delays before retry 1, 2, …: attempts in all = delays + 1. */
  delaysMs: number[];
  random?: () => number;
}

/**
 * Delay after attempt number `attemptsMade` (1-based) failed, or null when the
 * schedule is used up. A `Retry-After` from the receiver (429/503) is honoured
 * as a lower bound (up to a day), so a busy receiver gets the pause it asked for.
 */
export function nextRetryDelay(policy: RetryPolicy, attemptsMade: number, retryAfterMs: number | null): number | null {
  const base = policy.delaysMs[attemptsMade - 1];
  if (base === undefined) return null;
  const random = policy.random ?? Math.random;
  const jittered = Math.round(base * (1 - JITTER + 2 * JITTER * random()));
  if (retryAfterMs === null) return jittered;
  return Math.max(jittered, Math.min(retryAfterMs, RETRY_AFTER_CEILING_MS));
}

/**
 * `Retry-After` as delta seconds or an HTTP date (RFC 9110 §10.2.3); null when
 * absent or unreadable. Every HTTP date form names its month: a value without
 * letters (`-5`, `1.5`) is no date, although `Date.parse` reads those as years.
 */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  if (!/[A-Za-z]{3}/.test(trimmed)) return null;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
