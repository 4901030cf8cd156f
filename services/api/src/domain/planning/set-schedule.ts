import { scheduleToWire, type PostingSlot } from '@lps/db';
import type { Needs } from '../deps.js';
import { DEFAULT_PLANNING, normaliseSlots } from './posting-slots.js';

export interface ScheduleChange {
  slots: PostingSlot[];
}

/** PUT /schedule: the slots replace the member's, duplicates folded, Monday first, then by time. */
export async function setSchedule({ repos }: Needs<'saveMemberSettings'>, memberId: string, change: ScheduleChange) {
  return scheduleToWire(await repos.saveMemberSettings(memberId, { postingSlots: normaliseSlots(change.slots) }, DEFAULT_PLANNING));
}
