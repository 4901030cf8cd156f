import { WEEKDAYS, type PlanningSettings, type PostingSlot } from '@lps/db';
import { Temporal } from 'temporal-polyfill';
import { instantOf, localMinuteOf, wallTimeOf, zonedOf, type WallTime } from './time-zones.js';

/** What a member without settings has: UTC, no approval step, Monday to Friday at 09:00 (docs/publishing.md). */
export const DEFAULT_PLANNING: PlanningSettings = {
  timeZone: 'UTC',
  approvalRequired: false,
  postingSlots: WEEKDAYS.slice(0, 5).map((day) => ({ day, time: '09:00' })),
};

/** PUT /schedule's slots as stored: duplicates folded, Monday first, then by time ("HH:MM" sorts as text). */
export function normaliseSlots(slots: PostingSlot[]): PostingSlot[] {
  const unique = new Map(slots.map((slot) => [`${WEEKDAYS.indexOf(slot.day)} ${slot.time}`, slot]));
  return [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, { day, time }]) => ({ day, time }));
}

/** One occurrence of a slot: its instant and the wall time the member's clock shows then. */
export interface SlotOccurrence {
  at: Date;
  /** "2027-03-28T03:30": a slot in a skipped hour shows where it really falls. */
  local: string;
}

export type PostingSchedule = Pick<PlanningSettings, 'timeZone' | 'postingSlots'>;

/** The wall times of each ISO weekday (1 = Monday … 7 = Sunday). */
const timesByWeekday = (slots: PostingSlot[]): WallTime[][] => {
  const byDay: WallTime[][] = Array.from({ length: 8 }, () => []);
  for (const slot of slots) byDay[WEEKDAYS.indexOf(slot.day) + 1]?.push(wallTimeOf(slot.time));
  return byDay;
};

/**
 * Every occurrence of the schedule's slots from `from` to `to` (both included), in time order,
 * one per instant: each local date's wall times are converted with that date's rules, so a 09:00
 * slot is 09:00 on both sides of a daylight-saving change (time-zones.ts says what happens to a
 * wall time that is skipped or repeated). Two slots that fall on one instant (02:30 and 03:30 on
 * the day 02:00 jumps to 03:00) are one occurrence.
 */
export function slotsBetween(schedule: PostingSchedule, from: Date, to: Date): SlotOccurrence[] {
  if (schedule.postingSlots.length === 0 || to < from) return [];
  const zone = schedule.timeZone;
  const byDay = timesByWeekday(schedule.postingSlots);
  const last = zonedOf(to, zone).toPlainDate();
  const found = new Map<number, SlotOccurrence>();
  for (let date = zonedOf(from, zone).toPlainDate(); Temporal.PlainDate.compare(date, last) <= 0; date = date.add({ days: 1 })) {
    for (const time of byDay[date.dayOfWeek] ?? []) {
      const zoned = instantOf(date, time, zone);
      const ms = zoned.epochMilliseconds;
      if (ms >= from.getTime() && ms <= to.getTime() && !found.has(ms)) found.set(ms, { at: new Date(ms), local: localMinuteOf(zoned) });
    }
  }
  return [...found.values()].sort((a, b) => a.at.getTime() - b.at.getTime());
}

const DAY_MS = 86_400_000;

/**
 * The slot instants from `from` to `until`, earliest first, in chunks of `days` days: the queue
 * looks at the first weeks and rarely needs the rest of the year, which would cost thousands of
 * conversions to compute up front.
 */
export function* slotInstantChunks(schedule: PostingSchedule, from: Date, until: Date, days = 28): Generator<Date[]> {
  for (let start = from.getTime(); start <= until.getTime(); start += days * DAY_MS) {
    const end = Math.min(start + days * DAY_MS - 1, until.getTime());
    yield slotsBetween(schedule, new Date(start), new Date(end)).map((slot) => slot.at);
  }
}
