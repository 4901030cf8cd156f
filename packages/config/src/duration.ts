import Joi from 'joi';

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
type Unit = keyof typeof UNIT_MS;

/** One grammar for every duration variable: a bare number is seconds (`30`), or a number with ms/s/m/h/d (`500ms`, `2h`). */
const DURATION = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/;

/** Milliseconds, or undefined when the text is not a duration. */
export function parseDurationMs(text: string): number | undefined {
  const match = DURATION.exec(text);
  if (!match) return undefined;
  return Math.round(Number(match[1]) * UNIT_MS[(match[2] ?? 's') as Unit]);
}

const EXAMPLES = '30 (seconds), 500ms, 5s, 15m, 2h or 7d';

interface DurationBounds {
  /** Inclusive bounds, written as durations so the message reads as the variable is written. */
  min?: string;
  max?: string;
}

const msOf = (text: string): number => parseDurationMs(text) as number;

/**
 * A duration variable: validated and converted to milliseconds by joi, so a
 * section's build reads a number and every variable shares one syntax.
 */
export function durationMs(defaultValue: string | undefined, bounds: DurationBounds = {}): Joi.Schema {
  const schema = Joi.string().custom((value: string, helpers) => {
    const ms = parseDurationMs(value);
    if (ms === undefined) return helpers.message({ custom: `{{#label}} must be a duration like ${EXAMPLES}` });
    if (bounds.min !== undefined && ms < msOf(bounds.min)) return helpers.message({ custom: `{{#label}} must be at least ${bounds.min}` });
    if (bounds.max !== undefined && ms > msOf(bounds.max)) return helpers.message({ custom: `{{#label}} must be at most ${bounds.max}` });
    return ms;
  });
  return defaultValue === undefined ? schema : schema.default(msOf(defaultValue));
}

/** A comma list of durations (`5s,5m,30m`), each converted to milliseconds. */
export function durationListMs(defaultValue: string): Joi.Schema {
  return Joi.string()
    .custom((value: string, helpers) => {
      const entries = value.split(',').map((entry) => parseDurationMs(entry));
      if (entries.some((ms) => ms === undefined)) return helpers.message({ custom: '{{#label}} must be a comma list of durations like 5s,5m,30m,2h' });
      return entries as number[];
    })
    .default(defaultValue.split(',').map(msOf));
}
