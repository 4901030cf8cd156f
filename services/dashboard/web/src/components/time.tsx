const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An instant in the browser's time zone, with the exact UTC value in the markup. */
export function Time({ value, empty = '—' }: { value: string | null | undefined; empty?: string }) {
  if (!value) return <>{empty}</>;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>{value}</>;
  return (
    <time dateTime={date.toISOString()} title={date.toISOString()}>
      {dateTime.format(date)}
    </time>
  );
}

/** Whole days from now until `value` (negative once past). */
export function daysUntil(value: string, now = Date.now()): number {
  return Math.floor((new Date(value).getTime() - now) / 86_400_000);
}
