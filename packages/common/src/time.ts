/** ISO-8601 UTC with milliseconds, or null: the wire form of every timestamp. */
export const isoOrNull = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

/** Parses durations like `5s`, `5m`, `2h`, `1d`, `250ms` into milliseconds. */
export function parseDuration(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)\s*$/.exec(text);
  if (!match) throw new Error(`not a duration: "${text}" (use e.g. 500ms, 5s, 5m, 2h, 1d)`);
  const unit = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 'ms' | 's' | 'm' | 'h' | 'd'];
  return Math.round(Number(match[1]) * unit);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
