import { validationError } from '@lps/common';
import type { Needs } from '../deps.js';
import { memberPlanning } from './member-planning.js';
import { slotsBetween } from './posting-slots.js';

const DAY_MS = 86_400_000;
/** GET /schedule/slots without `to`: two weeks. */
export const DEFAULT_SLOT_DAYS = 14;
/** A quarter at most: the answer stays small (50 slots a week → at most 660 entries). */
export const MAX_SLOT_DAYS = 92;

export interface ListSlotsInput {
  /** ISO-8601 with Z or an offset (checked by the request schema). */
  from?: string;
  to?: string;
}

/** A range the planning reads answer: `to` after `from`, at most a quarter (92 days) later; else 422 naming `to`. */
export function assertPlanningRange(from: Date, to: Date): void {
  if (to <= from) throw validationError({ to: `must be after from (${from.toISOString()})` });
  if (to.getTime() - from.getTime() > MAX_SLOT_DAYS * DAY_MS) throw validationError({ to: `at most ${MAX_SLOT_DAYS} days after from` });
}

/**
 * GET /schedule/slots: each occurrence of the member's posting slots from `from` (default now)
 * to `to` (default two weeks later), with the scheduled post on it, if any.
 */
export async function listSlots(deps: Needs<'findMemberSettings' | 'postsOnSlots'>, memberId: string, input: ListSlotsInput, now: Date) {
  const from = input.from ? new Date(input.from) : now;
  const to = input.to ? new Date(input.to) : new Date(from.getTime() + DEFAULT_SLOT_DAYS * DAY_MS);
  assertPlanningRange(from, to);
  const slots = slotsBetween(await memberPlanning(deps, memberId), from, to);
  const taken = slots.length === 0 ? [] : await deps.repos.postsOnSlots(memberId, from, to);
  const postOn = new Map(taken.map((slot) => [slot.at.getTime(), slot.postId]));
  return { data: slots.map((slot) => ({ at: slot.at.toISOString(), local: slot.local, post_id: postOn.get(slot.at.getTime()) ?? null })) };
}
