/** Keyset pagination over (created_at, id) descending: newest first, stable under inserts. */
export interface KeysetPosition {
  createdAt: Date;
  id: string;
}

export const NEWEST_FIRST = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];

/** Splits a `limit + 1` read into the page and whether another page follows. */
export function toPage<T extends KeysetPosition>(rows: T[], limit: number): { items: T[]; next: KeysetPosition | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null };
}
