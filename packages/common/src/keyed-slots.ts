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
