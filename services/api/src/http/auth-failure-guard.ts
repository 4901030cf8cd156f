import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Runtime } from '@lps/runtime';

/**
 * Bounds what failed authentication costs. Each client address may fail
 * LPS_AUTH_FAILURE_LIMIT times per window (counted in Redis, shared by the
 * replicas); past that, its requests are refused before any key lookup, so a
 * flood of made-up `lps_…` keys cannot turn into a flood of database reads.
 * Successful requests never touch this: the blocked addresses are remembered
 * in process memory, and a failure is counted only once it has happened.
 */
export class AuthFailureGuard {
  private readonly limiter: RateLimiterRedis;
  /** Address → when its block ends (ms since epoch). */
  private readonly blocked = new Map<string, number>();

  constructor(runtime: Runtime) {
    const rule = runtime.config.rateLimits.authFailures;
    this.limiter = new RateLimiterRedis({
      storeClient: runtime.redis,
      keyPrefix: `${runtime.config.redis.prefix}:rl:auth-failures`,
      points: rule.points,
      duration: rule.durationSeconds,
      insuranceLimiter: new RateLimiterMemory({ points: rule.points, duration: rule.durationSeconds }),
      rejectIfRedisNotReady: true,
    });
  }

  /** Seconds the address must wait, or 0 when it may try. */
  retryAfterSeconds(address: string): number {
    const until = this.blocked.get(address);
    if (until === undefined) return 0;
    const left = until - Date.now();
    if (left <= 0) {
      this.blocked.delete(address);
      return 0;
    }
    return Math.ceil(left / 1000);
  }

  /** Counts one failure; returns the seconds to wait when that used up the address's allowance. */
  async recordFailure(address: string): Promise<number> {
    try {
      await this.limiter.consume(address);
      return 0;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      if (this.blocked.size >= 100_000) this.blocked.clear();
      this.blocked.set(address, Date.now() + rejection.msBeforeNext);
      return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    }
  }
}
