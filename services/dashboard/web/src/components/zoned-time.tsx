import { formatInZone } from '../time/zoned.js';

/** Weekday, date and 24-hour time: "Mon, 30 Nov 2026, 10:00". */
const WHEN: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/**
 * An instant in the MEMBER's time zone (GET /settings), named, with UTC beside it: what the
 * studio shows wherever a post goes out, so a member travelling (or an operator in another zone)
 * reads the time the schedule means. The exact UTC value is in the markup.
 */
export function ZonedTime({ value, zone, empty = '—' }: { value: string | null | undefined; zone: string; empty?: string }) {
  if (!value) return <>{empty}</>;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>{value}</>;
  return (
    <span className="zoned-time">
      <time dateTime={date.toISOString()}>{formatInZone(date, zone, WHEN)}</time> <span className="zone-name">({zone})</span>
      {zone === 'UTC' ? null : <span className="muted"> · {formatInZone(date, 'UTC', WHEN)} UTC</span>}
    </span>
  );
}
