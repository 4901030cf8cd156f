import type { RequestHandler, Response } from 'express';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimited, type AppError } from '@lps/common';
import type { Runtime } from '@lps/runtime';
import type { Caller, RateLimitBucket } from '../route.js';

export type RateLimiters = Record<RateLimitBucket, RateLimiterRedis>;

/**
 * One limiter per bucket, counted in Redis so every API replica shares it.
 * If Redis is unreachable the in-memory insurance limiter keeps limiting per
 * process instead of failing every request (reads go on answering during an outage).
 */
export function createRateLimiters(runtime: Runtime): RateLimiters {
  const make = (bucket: RateLimitBucket) => {
    const rule = runtime.config.rateLimits[bucket];
    return new RateLimiterRedis({
      storeClient: runtime.redis,
      keyPrefix: `${runtime.config.redis.prefix}:rl:${bucket}`,
      points: rule.points,
      duration: rule.durationSeconds,
      insuranceLimiter: new RateLimiterMemory({ points: rule.points, duration: rule.durationSeconds }),
      // Straight to the insurance while disconnected: a script command sent on the auto-pipelined
      // connection then would never settle (redis/ioredis#1511, see @lps/queue assertQueueConnected).
      rejectIfRedisNotReady: true,
    });
  };
  return { default: make('default'), generation: make('generation') };
}

function setHeaders(res: Response, limit: number, state: RateLimiterRes): void {
  res.setHeader('X-RateLimit-Limit', String(limit));
  res.setHeader('X-RateLimit-Remaining', String(Math.max(0, state.remainingPoints)));
  // Delta seconds until the window resets (docs/api.md), never an epoch.
  res.setHeader('X-RateLimit-Reset', String(Math.max(0, Math.ceil(state.msBeforeNext / 1000))));
}

/**
 * Takes one request from the caller's bucket; throws 429 rate_limited when the
 * window is used up. Returns the state for the X-RateLimit-* headers either way.
 */
export async function consumeBucket(
  limiters: RateLimiters,
  bucket: RateLimitBucket,
  keyId: string,
  onLimited: (bucket: RateLimitBucket) => void,
): Promise<{ limit: number; state: RateLimiterRes; error?: AppError }> {
  const limiter = limiters[bucket];
  try {
    return { limit: limiter.points, state: await limiter.consume(keyId) };
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    onLimited(bucket);
    return { limit: limiter.points, state: rejection, error: rateLimited(rejection.msBeforeNext / 1000) };
  }
}

export const rateLimit =
  (limiters: RateLimiters, bucket: RateLimitBucket, onLimited: (bucket: RateLimitBucket) => void): RequestHandler =>
  async (_req, res, next) => {
    try {
      const { limit, state, error } = await consumeBucket(limiters, bucket, (res.locals.caller as Caller).keyId, onLimited);
      setHeaders(res, limit, state);
      next(error);
    } catch (failure) {
      next(failure);
    }
  };
