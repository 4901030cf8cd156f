/** ISO-8601 UTC with milliseconds, or null: the wire form of every timestamp. */
export const isoOrNull = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
