/**
 * Tool calls running at once per API key, in this process. A tool may wait up
 * to 50 s (wait_for_post, research), so without a bound one key could hold any
 * number of those open; past the bound a call is refused at once (rate_limited)
 * rather than queued.
 */
export const MAX_CALLS_IN_FLIGHT_PER_KEY = 4;

const inFlight = new Map<string, number>();

/** Takes a slot for the key; returns the release, or undefined when the key has none left. */
export function takeCallSlot(keyId: string): (() => void) | undefined {
  const running = inFlight.get(keyId) ?? 0;
  if (running >= MAX_CALLS_IN_FLIGHT_PER_KEY) return undefined;
  inFlight.set(keyId, running + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (inFlight.get(keyId) ?? 1) - 1;
    if (left <= 0) inFlight.delete(keyId);
    else inFlight.set(keyId, left);
  };
}
