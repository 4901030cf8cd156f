/**
 * Work in flight per key (an API key, a member) in this process. `take` asks
 * `allowed` with the key's running count and the total across keys; it returns
 * the release (safe to call more than once) or undefined when refused.
 */
export interface KeyedSlots {
  take(key: string): (() => void) | undefined;
}

export function createKeyedSlots(allowed: (running: number, total: number) => boolean): KeyedSlots {
  const running = new Map<string, number>();
  let total = 0;
  return {
    take(key) {
      const now = running.get(key) ?? 0;
      if (!allowed(now, total)) return undefined;
      running.set(key, now + 1);
      total += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (running.get(key) ?? 1) - 1;
        if (left <= 0) running.delete(key);
        else running.set(key, left);
      };
    },
  };
}

/** A quarter of the slots (at least 1): what each key is always given, and what is always kept free for the others. */
export const fairShareOf = (concurrency: number): number => Math.max(1, Math.floor(concurrency / 4));

/**
 * Slots shared between keys (members) so that none can take them all: a key always
 * gets its share, and more only while a share stays free for the others — so a key
 * alone still uses all but one share, and a newcomer always finds room at once.
 */
export function createFairSlots(concurrency: number): KeyedSlots {
  const share = fairShareOf(concurrency);
  return createKeyedSlots((running, total) => running < share || total < concurrency - share);
}
