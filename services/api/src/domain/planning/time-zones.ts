import { Temporal } from 'temporal-polyfill';

// Time-zone rules come from the runtime's time-zone database (ICU, through the Temporal
// polyfill): no offset is ever written down here (decision 0030).

/** IANA names start with a letter (Europe/Paris, UTC, Etc/GMT+5): a bare offset such as +01:00 follows no rules and is refused. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** The zone's name as the time-zone database spells it (europe/paris → Europe/Paris), or undefined for a name it does not know. */
export function timeZoneIdOf(name: string): string | undefined {
  if (!IANA_NAME.test(name)) return undefined;
  try {
    return new Temporal.ZonedDateTime(0n, name).timeZoneId;
  } catch {
    return undefined;
  }
}

export interface WallTime {
  hour: number;
  minute: number;
}

/** "09:30" → {hour: 9, minute: 30} (the request schema accepted only HH:MM from 00:00 to 23:59). */
export const wallTimeOf = (time: string): WallTime => ({ hour: Number(time.slice(0, 2)), minute: Number(time.slice(3, 5)) });

/** "HH:MM" of a wall time. */
export const formatWallTime = ({ hour, minute }: WallTime): string => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

/**
 * The instant of a wall time on a local date in `zone`. Where the wall time does not exist that
 * day (the clocks jump over it) it is read with the offset before the jump — 02:30 becomes 03:30
 * when 02:00 jumps to 03:00 — and where it exists twice (the clocks go back) it is the first of
 * the two. That is RFC 5545's rule for calendar events and Temporal's `compatible` disambiguation.
 */
export const instantOf = (date: Temporal.PlainDate, time: WallTime, zone: string): Temporal.ZonedDateTime =>
  date.toPlainDateTime(time).toZonedDateTime(zone, { disambiguation: 'compatible' });

/** An instant as the zone's wall clock shows it. */
export const zonedOf = (at: Date, zone: string): Temporal.ZonedDateTime => Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(zone);

/** "2026-12-01T09:00": the wall time of a zoned instant, to the minute. */
export const localMinuteOf = (zoned: Temporal.ZonedDateTime): string => zoned.toPlainDateTime().toString({ smallestUnit: 'minute' });
