import { randomUUID } from 'node:crypto';
import { luaCommand } from '@lps/common';
import type { RedisClient } from '@lps/queue';
import { dispatcherScript, endpointKeys } from './endpoint-keys.js';
import type { EndpointSlots, HeldSlot } from '../domain/delivery/delivery-ports.js';

export type { EndpointSlots, HeldSlot } from '../domain/delivery/delivery-ports.js';

/**
 * At most `limit` requests in flight per endpoint, across every dispatcher
 * process: a sorted set of lease tokens scored by expiry, checked and taken in
 * one Lua call (lua/acquire-endpoint-slot.lua). A lease outlives the 10 s
 * receiver time-out, and an expired one (a dispatcher killed mid-request) is
 * dropped on the next acquire, so a crash never leaks a slot for long. The same
 * call reads the endpoint's pause (endpoint-pauses.ts): a paused endpoint gets no slot.
 */

export interface EndpointSlotOptions {
  /** Requests in flight per endpoint, across all processes. */
  limit: number;
  /**
   * Attempts of one endpoint this process has begun and not yet recorded, in
   * flight or being recorded: what a SIGKILL of this process can make the
   * endpoint receive twice.
   */
  unrecordedLimit: number;
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
  /** Told what Redis said of the endpoint's pause at every acquire there: its end (0: none) and the time-outs in a row. */
  onPauseSeen?: (endpointId: string, pausedUntil: number, timeouts: number) => void;
}

/** What a waiting job is given: a slot, nothing (postponed), or room in the allowance to ask Redis again. */
type Grant = HeldSlot | null | 'retry';

interface Waiter {
  grant: (grant: Grant) => void;
  timer: NodeJS.Timeout;
}

/** A lease of the endpoint's set; `renewedAt`: when its expiry was last set in Redis. */
interface Lease {
  token: string;
  renewedAt: number;
}

/** Weight of the newest request in an endpoint's average slot time. */
const SMOOTHING = 0.2;

const adjustCount = (counts: Map<string, number>, key: string, delta: number) => {
  const now = (counts.get(key) ?? 0) + delta;
  if (now === 0) counts.delete(key);
  else counts.set(key, now);
};

/**
 * A busy endpoint's slots pass from one job to the next inside the process:
 * a finishing request gives its lease to a waiting job (one Redis write to
 * renew it) instead of freeing it and having the waiter poll Redis, be delayed
 * and be fetched again — that polling was most of a saturated dispatcher's
 * Redis traffic (decision 0003). Only jobs of an endpoint that answers fast
 * wait (judged by how long its slots were held lately): a slow or hanging
 * endpoint's jobs are postponed at once, as before, and never sit on the
 * worker's concurrency.
 *
 * A slot is free again as soon as its request is answered, while the attempt
 * is recorded; the unrecorded allowance bounds how far sending runs ahead of
 * recording. A freed lease waits (still held) for room in the allowance when
 * jobs are waiting, and goes back to Redis when none is.
 */
export function createEndpointSlots(redis: RedisClient, prefix: string, options: EndpointSlotOptions): EndpointSlots {
  const waiting = new Map<string, Waiter[]>();
  /** Average time a slot of the endpoint was held, from this process's own requests. */
  const slotMs = new Map<string, number>();
  /** Leases of the endpoint this process holds now, in use or spare. */
  const held = new Map<string, number>();
  /** Leases held but carrying no request: kept for a waiting job until the allowance has room. */
  const spare = new Map<string, Lease[]>();
  /** Attempts of the endpoint begun here and not yet recorded. */
  const unrecorded = new Map<string, number>();
  const keyOf = (endpointId: string) => endpointKeys(prefix, endpointId).slots;
  const take = luaCommand(redis, 'lpsAcquireEndpointSlot', dispatcherScript('acquire-endpoint-slot'), 2);
  const renewLease = luaCommand(redis, 'lpsRenewEndpointSlot', dispatcherScript('renew-endpoint-slot'), 1);

  const observe = (endpointId: string, ms: number) => {
    const previous = slotMs.get(endpointId);
    slotMs.set(endpointId, previous === undefined ? ms : previous + SMOOTHING * (ms - previous));
  };
  const hasRoom = (endpointId: string) => (unrecorded.get(endpointId) ?? 0) < options.unrecordedLimit;

  /** The caller has already counted the attempt in `unrecorded`. */
  const hold = (endpointId: string, lease: Lease): HeldSlot => {
    const since = Date.now();
    let freed = false;
    let recorded = false;
    const requestAnswered = () => {
      if (freed) return;
      freed = true;
      observe(endpointId, Date.now() - since);
      const leases = spare.get(endpointId) ?? [];
      spare.set(endpointId, leases);
      leases.push(lease);
      handOverSpareLeases(endpointId);
    };
    return {
      requestAnswered,
      async attemptRecorded() {
        if (recorded) return;
        recorded = true;
        requestAnswered();
        adjustCount(unrecorded, endpointId, -1);
        handOverSpareLeases(endpointId);
      },
    };
  };

  const returnLeaseToRedis = (endpointId: string, lease: Lease) => {
    adjustCount(held, endpointId, -1);
    redis.zrem(keyOf(endpointId), lease.token).catch(() => undefined);
  };

  /** Spare leases go to waiting jobs while the allowance has room; with nobody waiting they go back to Redis. */
  const handOverSpareLeases = (endpointId: string) => {
    const queue = waiting.get(endpointId);
    const leases = spare.get(endpointId) ?? [];
    const now = Date.now();
    while (queue && queue.length > 0 && leases.length > 0 && hasRoom(endpointId)) {
      const lease = leases.pop() as Lease;
      // Kept spare past its life (records stuck, e.g. PostgreSQL down): Redis may have dropped it
      // and given the slot to another process, so it is not renewed but let go.
      if (now - lease.renewedAt >= options.leaseMs) {
        returnLeaseToRedis(endpointId, lease);
        continue;
      }
      const next = queue.shift() as Waiter;
      clearTimeout(next.timer);
      // The lease must outlive the next request: renewed (with its set) once it has used up
      // its spare life, not on every handover — a Redis write per delivery saved.
      if (now - lease.renewedAt > options.renewAfterMs) {
        renewLease(keyOf(endpointId), now + options.leaseMs, lease.token, options.leaseMs).catch(() => undefined);
        lease.renewedAt = now;
      }
      adjustCount(unrecorded, endpointId, 1);
      next.grant(hold(endpointId, lease));
    }
    // Room, but no spare lease here (they went back while nobody waited): the next in line asks Redis.
    if (queue && queue.length > 0 && leases.length === 0 && hasRoom(endpointId) && (held.get(endpointId) ?? 0) < options.limit) {
      const next = queue.shift() as Waiter;
      clearTimeout(next.timer);
      next.grant('retry');
    }
    if (queue?.length === 0) waiting.delete(endpointId);
    if (!waiting.has(endpointId)) {
      for (const lease of leases) returnLeaseToRedis(endpointId, lease);
      leases.length = 0;
    }
    if (leases.length === 0) spare.delete(endpointId);
  };

  /** Whether a job that would be `position`-th in line should get a slot soon enough to wait for it. */
  const worthWaiting = (endpointId: string, position: number) => {
    const average = slotMs.get(endpointId);
    return average !== undefined && (position * average) / options.limit <= options.expectedWaitMs;
  };

  const waitForHandover = (endpointId: string) =>
    new Promise<Grant>((resolve) => {
      const queue = waiting.get(endpointId) ?? [];
      waiting.set(endpointId, queue);
      const waiter: Waiter = {
        grant: resolve,
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          if (queue.length === 0 && waiting.get(endpointId) === queue) waiting.delete(endpointId);
          // No slot came: treat the endpoint as slow until its requests say otherwise.
          observe(endpointId, options.maxWaitMs * options.limit);
          handOverSpareLeases(endpointId);
          resolve(null);
        }, options.maxWaitMs),
      };
      queue.push(waiter);
    });

  return {
    async acquire(endpointId, whileWaiting) {
      let waited = false;
      const wait = async (): Promise<HeldSlot | null> => {
        if (!worthWaiting(endpointId, (waiting.get(endpointId)?.length ?? 0) + 1)) return null;
        const handover = waitForHandover(endpointId);
        if (!waited) whileWaiting?.();
        waited = true;
        const grant = await handover;
        return grant === 'retry' ? ask() : grant;
      };
      const ask = async (): Promise<HeldSlot | null> => {
        // Too much sent and not yet recorded, or this process holds every slot: no need to ask
        // Redis. Otherwise it may have a free one, even with jobs waiting here (they wait for a
        // handover and would never ask for it themselves).
        if (!hasRoom(endpointId) || (held.get(endpointId) ?? 0) >= options.limit) return wait();
        // Counted before asking, so requests asking at the same moment cannot overrun the allowance.
        adjustCount(unrecorded, endpointId, 1);
        const token = randomUUID();
        const { slots, pause } = endpointKeys(prefix, endpointId);
        const [taken, pausedUntil, timeouts] = (await take(slots, pause, Date.now(), options.limit, options.leaseMs, token).catch((error: unknown) => {
          adjustCount(unrecorded, endpointId, -1);
          throw error;
        })) as [number, number, number];
        options.onPauseSeen?.(endpointId, pausedUntil, timeouts);
        if (pausedUntil > 0) {
          adjustCount(unrecorded, endpointId, -1);
          return null;
        }
        if (taken !== 1) {
          // Full across processes: waking a waiter here would only have it find the same.
          adjustCount(unrecorded, endpointId, -1);
          return wait();
        }
        adjustCount(held, endpointId, 1);
        return hold(endpointId, { token, renewedAt: Date.now() });
      };
      return ask();
    },
  };
}
