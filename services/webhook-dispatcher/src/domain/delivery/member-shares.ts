import { createFairSlots } from '@lps/common';

/**
 * Keeps one dispatcher's delivery slots from being taken by one member.
 * Endpoint slots bound what one receiver gets; this bounds what one member gets
 * across all their endpoints (up to 20): without it, a member whose receivers
 * hang holds every slot for the whole receiver time-out and everyone else's
 * deliveries wait. A member always gets `share` slots, and more only while
 * `share` slots stay free for the others — so a member alone still uses the
 * whole dispatcher but for one share, and a newcomer always finds room. A job
 * over the limit is postponed for a moment (as for a busy endpoint).
 *
 * Endpoints never change owner, so the member of an endpoint is remembered
 * after its first delivery is read: later jobs are judged before any read.
 */
export interface MemberShares {
  /** The member of an endpoint, if one of its deliveries was read in this process. */
  memberOf(endpointId: string): string | undefined;
  remember(endpointId: string, memberId: string): void;
  /** Takes one of the member's slots; the release, or undefined when their share is in use. */
  take(memberId: string): (() => void) | undefined;
}

const REMEMBERED_ENDPOINTS = 50_000;

export function createMemberShares(concurrency: number): MemberShares {
  const owners = new Map<string, string>();
  const slots = createFairSlots(concurrency);
  return {
    memberOf: (endpointId) => owners.get(endpointId),
    remember(endpointId, memberId) {
      if (owners.size >= REMEMBERED_ENDPOINTS) owners.clear();
      owners.set(endpointId, memberId);
    },
    take: (memberId) => slots.take(memberId),
  };
}
