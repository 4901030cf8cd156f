import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * At most `limit` requests in flight per endpoint, across every dispatcher
 * process: a sorted set of lease tokens scored by expiry, checked and taken in
 * one Lua call. A lease outlives the 10 s receiver time-out, and an expired
 * one (a dispatcher killed mid-request) is dropped on the next acquire, so a
 * crash never leaks a slot for long.
 */
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[3]), ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return 1
end
return 0`;

export interface EndpointSlots {
  /** A release function when a slot was free, null when the endpoint is at its limit. */
  tryAcquire(endpointId: string): Promise<(() => Promise<void>) | null>;
}

export function createEndpointSlots(redis: Redis, prefix: string, limit: number, leaseMs: number): EndpointSlots {
  return {
    async tryAcquire(endpointId) {
      const key = `${prefix}:webhook-slots:${endpointId}`;
      const token = randomUUID();
      const taken = await redis.eval(ACQUIRE, 1, key, Date.now(), limit, leaseMs, token);
      if (taken !== 1) return null;
      return async () => {
        await redis.zrem(key, token).catch(() => undefined);
      };
    },
  };
}
