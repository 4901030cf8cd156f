import { createHash, randomUUID } from 'node:crypto';
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
/** A handed-over lease gets a new life, and so does its set. */
const RENEW = `
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

/**
 * A script by its SHA (EVALSHA: the body is not sent with every call), loaded
 * with EVAL the first time or after Redis lost it (restart, SCRIPT FLUSH).
 */
function script(redis: Redis, body: string) {
  const sha = createHash('sha1').update(body).digest('hex');
  return async (key: string, ...args: (string | number)[]): Promise<unknown> => {
    try {
      return await redis.evalsha(sha, 1, key, ...args);
    } catch (error) {
      if (!(error as Error).message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(body, 1, key, ...args);
    }
  };
}

export type ReleaseSlot = () => Promise<void>;

export interface EndpointSlots {
  /**
   * A release function once a slot is ours — at once, or handed over by one of
   * this process's requests to the endpoint finishing soon — or null when the
   * endpoint stays full (the job is then postponed). `whileWaiting` is called
   * when the job is about to wait, so it can do its own reading meanwhile.
   */
  acquire(endpointId: string, whileWaiting?: () => void): Promise<ReleaseSlot | null>;
}

export interface EndpointSlotOptions {
  /** Requests in flight per endpoint, across all processes. */
  limit: number;
  /** A lease's life: longer than the receiver time-out. */
  leaseMs: number;
  /**
   * A lease handed over is renewed only when it is older than this, so that
   * `leaseMs - renewAfterMs` always covers a whole request (the receiver time-out).
   */
  renewAfterMs: number;
  /**
   * A job waits in the process for a slot only when one should be handed over
   * within this time (the endpoint answers fast); otherwise it is postponed at
   * once and frees its worker slot for other endpoints' jobs.
   */
  expectedWaitMs: number;
  /** The longest a job waits for a handover all the same (the endpoint slowed down) before it is postponed. */
  maxWaitMs: number;
}

interface Waiter {
  grant: (release: ReleaseSlot | null) => void;
  timer: NodeJS.Timeout;
}

/** Weight of the newest request in an endpoint's average slot time. */
const SMOOTHING = 0.2;

/**
 * A busy endpoint's slots pass from one job to the next inside the process:
 * a finishing request gives its lease to a waiting job (one Redis write to
 * renew it) instead of freeing it and having the waiter poll Redis, be delayed
 * and be fetched again — that polling was most of a saturated dispatcher's
 * Redis traffic (decision 0003). Only jobs of an endpoint that answers fast
 * wait (judged by how long its slots were held lately): a slow or hanging
 * endpoint's jobs are postponed at once, as before, and never sit on the
 * worker's concurrency.
 */
export function createEndpointSlots(redis: Redis, prefix: string, options: EndpointSlotOptions): EndpointSlots {
  const waiting = new Map<string, Waiter[]>();
  /** Average time a slot of the endpoint was held, from this process's own requests. */
  const slotMs = new Map<string, number>();
  /** Slots of the endpoint this process holds now. */
  const held = new Map<string, number>();
  const count = (endpointId: string, delta: number) => {
    const now = (held.get(endpointId) ?? 0) + delta;
    if (now === 0) held.delete(endpointId);
    else held.set(endpointId, now);
  };
  const keyOf = (endpointId: string) => `${prefix}:webhook-slots:${endpointId}`;
  const take = script(redis, ACQUIRE);
  const renewLease = script(redis, RENEW);

  const observe = (endpointId: string, ms: number) => {
    const previous = slotMs.get(endpointId);
    slotMs.set(endpointId, previous === undefined ? ms : previous + SMOOTHING * (ms - previous));
  };

  /** `renewedAt`: when the lease's expiry was last set in Redis. */
  const holding = (endpointId: string, token: string, renewedAt: number): ReleaseSlot => {
    const since = Date.now();
    return async () => {
      const now = Date.now();
      observe(endpointId, now - since);
      const queue = waiting.get(endpointId);
      const next = queue?.shift();
      if (queue?.length === 0) waiting.delete(endpointId);
      if (next) {
        clearTimeout(next.timer);
        // The lease must outlive the next request: renewed (with its set) once it has used up
        // its spare life, not on every handover — a Redis write per delivery saved.
        const renew = now - renewedAt > options.renewAfterMs;
        if (renew) renewLease(keyOf(endpointId), now + options.leaseMs, token, options.leaseMs).catch(() => undefined);
        next.grant(holding(endpointId, token, renew ? now : renewedAt));
        return;
      }
      count(endpointId, -1);
      await redis.zrem(keyOf(endpointId), token).catch(() => undefined);
    };
  };

  /** Whether a job that would be `position`-th in line should get a slot soon enough to wait for it. */
  const worthWaiting = (endpointId: string, position: number) => {
    const average = slotMs.get(endpointId);
    return average !== undefined && (position * average) / options.limit <= options.expectedWaitMs;
  };

  const waitForHandover = (endpointId: string) =>
    new Promise<ReleaseSlot | null>((resolve) => {
      const queue = waiting.get(endpointId) ?? [];
      waiting.set(endpointId, queue);
      const waiter: Waiter = {
        grant: resolve,
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          if (queue.length === 0 && waiting.get(endpointId) === queue) waiting.delete(endpointId);
          // No slot came: treat the endpoint as slow until its requests say otherwise.
          observe(endpointId, options.maxWaitMs * options.limit);
          resolve(null);
        }, options.maxWaitMs),
      };
      queue.push(waiter);
    });

  return {
    async acquire(endpointId, whileWaiting) {
      const wait = () => {
        if (!worthWaiting(endpointId, (waiting.get(endpointId)?.length ?? 0) + 1)) return null;
        const handover = waitForHandover(endpointId);
        whileWaiting?.();
        return handover;
      };
      // This process holds every slot: no need to ask Redis. Otherwise it may have a free one, even
      // with jobs waiting here (they wait for a handover and would never ask for it themselves).
      if ((held.get(endpointId) ?? 0) >= options.limit) return wait();
      const token = randomUUID();
      const taken = await take(keyOf(endpointId), Date.now(), options.limit, options.leaseMs, token);
      if (taken !== 1) return wait();
      count(endpointId, 1);
      return holding(endpointId, token, Date.now());
    },
  };
}
