import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Runtime } from '@lps/runtime';

/**
 * Bounds what failed authentication costs. Each client address may fail
 * LPS_AUTH_FAILURE_LIMIT times per window (counted in Redis, shared by the
 * replicas); past that, its requests are refused before any key lookup, so a
 * flood of made-up `lps_…` keys cannot turn into a flood of database reads.
 *
 * A request whose key would be read from the database takes its attempt (one
 * atomic increment in Redis) before that read, and gives it back when the key
 * turns out live: counting a failure only after its lookup let 500 requests
 * sent at once all pass the check before the first failure was counted. A
 * request the key cache answers (live, known unknown, or joining a lookup
 * already on its way) costs no read and is counted only if it fails. While
 * Redis is unreachable the count is kept per process (the insurance limiter),
 * so the bound still holds, per replica.
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

  /**
   * Takes one attempt from the address's allowance: before a database lookup, or
   * for a failure that cost none. Returns 0 while the allowance lasts, else the
   * seconds to wait (no lookup may be made then).
   */
  async takeAttempt(address: string): Promise<number> {
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

  /**
   * Gives back the attempt of a request whose key was live: only failures count.
   * Not awaited by the request: were it lost, the address would count one
   * failure too many for one window.
   */
  giveBack(address: string): void {
    this.limiter.reward(address).catch(() => undefined);
  }
}
