/**
 * Wall times in the MEMBER's time zone (from `GET /settings`), never the browser's: a member in
 * Paris planning from a laptop set to New York sees 09:00 where their posts go out at 09:00 Paris.
 * Plain dates are `YYYY-MM-DD` strings and wall times `HH:MM`, as the API writes them (`local`);
 * instants are `Date`s. Only `Intl` does zone arithmetic here: no zone database in the bundle.
 */

export interface WallTime {
  /** `YYYY-MM-DD` in the zone. */
  date: string;
  /** `HH:MM` (24 h) in the zone. */
  time: string;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

const partFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = partFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    partFormats.set(zone, format);
  }
  return format;
}

const two = (value: number) => String(value).padStart(2, '0');

/** The zone's calendar fields at `instant`, as a UTC timestamp of the same wall time (minutes only). */
function wallAsUtc(instant: number, zone: string): number {
  const fields: Record<string, number> = {};
  for (const part of partsFormat(zone).formatToParts(new Date(instant))) if (part.type !== 'literal') fields[part.type] = Number(part.value);
  return Date.UTC(fields.year ?? 1970, (fields.month ?? 1) - 1, fields.day ?? 1, fields.hour ?? 0, fields.minute ?? 0);
}

/** The zone's offset from UTC at `instant`, in milliseconds (Paris in summer: +2 h). */
function offsetAt(instant: number, zone: string): number {
  const floored = Math.floor(instant / MINUTE) * MINUTE;
  return wallAsUtc(floored, zone) - floored;
}

/** The wall date and time at `instant` in `zone`. */
export function wallTimeOf(instant: Date | number, zone: string): WallTime {
  const wall = new Date(wallAsUtc(typeof instant === 'number' ? instant : instant.getTime(), zone));
  return { date: wall.toISOString().slice(0, 10), time: wall.toISOString().slice(11, 16) };
}

/**
 * The instant a wall time in `zone` stands for. A wall time the clocks skip (02:30 on the spring
 * change) falls an hour later, and one they repeat (02:30 in autumn) is its first occurrence — the
 * rules the server follows for posting-schedule slots (docs/api.md, Slot).
 */
export function instantAt(date: string, time: string, zone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const before = offsetAt(asUtc - DAY, zone);
  const after = offsetAt(asUtc + DAY, zone);
  const matches = [asUtc - before, asUtc - after].filter((candidate) => wallAsUtc(candidate, zone) === asUtc);
  if (matches.length > 0) return new Date(Math.min(...matches));
  // In the gap: read with the offset from before the change, which lands as far past the gap.
  return new Date(asUtc - before);
}

/** Is `zone` a time zone this browser knows? */
export function isKnownZone(zone: string): boolean {
  try {
    partsFormat(zone);
    return true;
  } catch {
    return false;
  }
}

// Plain-date arithmetic, on UTC midnights so that no zone's changes get in the way.

const utcOf = (date: string): Date => new Date(`${date}T00:00:00Z`);
const dateOf = (value: Date): string => value.toISOString().slice(0, 10);

export function isPlainDate(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = utcOf(value);
  return !Number.isNaN(parsed.getTime()) && dateOf(parsed) === value;
}

export function addDays(date: string, days: number): string {
  return dateOf(new Date(utcOf(date).getTime() + days * DAY));
}

/** 0 for Monday … 6 for Sunday (the posting schedule's week starts on Monday). */
export function weekdayIndex(date: string): number {
  return (utcOf(date).getUTCDay() + 6) % 7;
}

export function startOfWeek(date: string): string {
  return addDays(date, -weekdayIndex(date));
}

export function startOfMonth(date: string): string {
  return `${date.slice(0, 8)}01`;
}

export function addMonths(date: string, months: number): string {
  const value = utcOf(startOfMonth(date));
  value.setUTCMonth(value.getUTCMonth() + months);
  return dateOf(value);
}

/** The days from `from` (inclusive) to `to` (exclusive). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day < to; day = addDays(day, 1)) days.push(day);
  return days;
}

export const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type DayName = (typeof DAY_NAMES)[number];

/** How each day is named on the pages (the schedule, the calendar's columns, the best times). */
export const DAY_LABELS: Record<DayName, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** `Mon 1 Mar`-style labels in the browser's language, for a plain date (no zone involved). */
export function formatDate(date: string, style: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' }): string {
  return new Intl.DateTimeFormat(undefined, { ...style, timeZone: 'UTC' }).format(utcOf(date));
}

/** An instant written in the member's zone, e.g. "Tue 2 Mar 2027, 09:00". */
export function formatInZone(instant: Date | string, zone: string, style: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  return new Intl.DateTimeFormat(undefined, { ...style, timeZone: zone }).format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** `HH:MM` from an hour, for the grid's rows. */
export const hourLabel = (hour: number): string => `${two(hour)}:00`;

/** The API's `local` ("2027-03-02T09:00") split into a wall time. */
export function splitLocal(local: string): WallTime {
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}
