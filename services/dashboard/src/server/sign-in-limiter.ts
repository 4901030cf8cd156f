import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Request } from 'express';
import type { Runtime } from '@lps/runtime';

/**
 * Sign-in attempts per client address (LPS_SIGN_IN_LIMIT), counted in Redis across replicas, per
 * process while Redis is away: starts, callbacks, sandbox forms and sign-in links all count.
 * Returns the seconds to wait, or 0 when the attempt may go on.
 */
export function createSignInLimiter(runtime: Runtime): (req: Request) => Promise<number> {
  const rule = runtime.config.dashboard.signInLimit;
  const limiter = new RateLimiterRedis({
    storeClient: runtime.redis,
    keyPrefix: `${runtime.config.redis.prefix}:rl:sign-in`,
    points: rule.points,
    duration: rule.durationSeconds,
    insuranceLimiter: new RateLimiterMemory({ points: rule.points, duration: rule.durationSeconds }),
    rejectIfRedisNotReady: true,
  });
  return async (req) => {
    try {
      await limiter.consume(req.ip ?? req.socket.remoteAddress ?? 'unknown');
      return 0;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      runtime.metrics.rateLimited.inc({ bucket: 'sign-in' });
      return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    }
  };
}
