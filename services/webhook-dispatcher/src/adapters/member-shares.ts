import { randomUUID } from 'node:crypto';
import { luaCommand, taggedKey } from '@lps/common';
import type { RedisClient } from '@lps/queue';
import { dispatcherScript } from './endpoint-keys.js';
import type { MemberShares } from '../domain/delivery/delivery-ports.js';

export interface MemberShareOptions {
  /** This dispatcher's delivery concurrency (LPS_WEBHOOK_CONCURRENCY): what it adds to the fleet's capacity. */
  concurrency: number;
  /** A lease's life: longer than an attempt (the receiver time-out and its record). */
  leaseMs: number;
  /** Names this dispatcher in the fleet (unique per process). */
  dispatcherId?: string;
}

const REMEMBERED_ENDPOINTS = 50_000;
/**
 * After Redis refuses a member, this process refuses it too for this long without asking
 * (unless it frees one of the member's slots itself): a member whose receivers hang has
 * hundreds of jobs fetched and postponed in a row, and a Redis call for each made that
 * churn slower, and the others' jobs queued behind it waited longer. Shorter than the
 * shortest postponement (100 ms), so no job waits longer for it.
 */
const REFUSAL_MEMORY_MS = 100;

/**
 * Keeps the dispatchers' delivery slots from being taken by one member.
 * Endpoint slots bound what one receiver gets; this bounds what one member gets
 * across all their endpoints (up to 20): without it, a member whose receivers
 * hang holds every slot for the whole receiver time-out and everyone else's
 * deliveries wait. Counted in Redis across every dispatcher (one Lua call per
 * take, take-member-share.lua): the fleet's capacity is the sum of the
 * concurrency of the dispatchers delivering now, a member always gets a quarter
 * of it (a share), and more only while a share stays free for the others — so a
 * member alone still uses the whole fleet but for one share, and a newcomer
 * always finds room, whichever dispatchers the jobs landed on. A job over the
 * limit is postponed for a moment (as for a busy endpoint).
 *
 * Each take is a lease that expires after `leaseMs`: a dispatcher killed
 * mid-request frees its member slots, and stops counting in the capacity, by then.
 *
 * Endpoints never change owner, so the member of an endpoint is remembered
 * after its first delivery is read: later jobs are judged before any read.
 */
export function createMemberShares(redis: RedisClient, prefix: string, options: MemberShareOptions): MemberShares {
  const owners = new Map<string, string>();
  const refusedUntil = new Map<string, number>();
  const key = (...rest: string[]) => taggedKey(prefix, 'member-shares', ...rest);
  const all = key('all');
  const fleet = key('dispatchers');
  const self = `${options.dispatcherId ?? randomUUID()}|${options.concurrency}`;
  const takeShare = luaCommand(redis, 'lpsTakeMemberShare', dispatcherScript('take-member-share'), 3);
  const releaseShare = luaCommand(redis, 'lpsReleaseMemberShare', dispatcherScript('release-member-share'), 2);
  return {
    memberOf: (endpointId) => owners.get(endpointId),
    remember(endpointId, memberId) {
      if (owners.size >= REMEMBERED_ENDPOINTS) owners.clear();
      owners.set(endpointId, memberId);
    },
    async take(memberId) {
      const now = Date.now();
      if ((refusedUntil.get(memberId) ?? 0) > now) return undefined;
      const token = randomUUID();
      const mine = key('member', memberId);
      if (Number(await takeShare(mine, all, fleet, now, token, options.leaseMs, self)) !== 1) {
        if (refusedUntil.size >= REMEMBERED_ENDPOINTS) refusedUntil.clear();
        refusedUntil.set(memberId, now + REFUSAL_MEMORY_MS);
        return undefined;
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        refusedUntil.delete(memberId);
        // Not awaited: a lost release only keeps the slot counted until its lease expires.
        releaseShare(mine, all, token).catch(() => undefined);
      };
    },
  };
}
