import { nextUtcMidnight } from '@lps/network';
import type { RedisClient } from '@lps/queue';
import type { AnalyticsPause } from '../domain/analytics/analytics-pause.js';

/**
 * LinkedIn answers 429 when the application's or the member's daily quota is spent, and
 * those quotas reset at midnight UTC (LinkedIn's "Rate Limits" page). Every further
 * analytics call before then would be refused too and count against the day, so a 429
 * pauses all refreshes until the reset (or the time the error names).
 */
export function createQuotaPause(redis: RedisClient, redisPrefix: string): AnalyticsPause {
  const key = `${redisPrefix}:analytics:quota-paused-until`;
  return {
    async pauseRefreshes(error, now = new Date()) {
      const until = error.retryAt ?? nextUtcMidnight(now);
      await redis.set(key, until.toISOString(), 'PXAT', until.getTime());
      return until;
    },
    async refreshesPausedUntil() {
      const value = await redis.get(key);
      return value === null ? null : new Date(value);
    },
  };
}
