import { nextUtcMidnight, type NetworkError } from '@lps/network';
import type { Runtime } from '@lps/runtime';

const key = (runtime: Runtime) => `${runtime.config.redis.prefix}:analytics:quota-paused-until`;

/**
 * LinkedIn answers 429 when the application's or the member's daily quota is spent, and
 * those quotas reset at midnight UTC (LinkedIn's "Rate Limits" page). Every further
 * analytics call before then would be refused too and count against the day, so a 429
 * pauses all refreshes until the reset (or the time the error names).
 */
export async function pauseRefreshes(runtime: Runtime, error: NetworkError, now = new Date()): Promise<Date> {
  const until = error.retryAt ?? nextUtcMidnight(now);
  await runtime.redis.set(key(runtime), until.toISOString(), 'PXAT', until.getTime());
  return until;
}

/** The end of the current pause, or null when refreshes may run. */
export async function refreshesPausedUntil(runtime: Runtime): Promise<Date | null> {
  const value = await runtime.redis.get(key(runtime));
  return value === null ? null : new Date(value);
}
