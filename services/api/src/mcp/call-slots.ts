import { createKeyedSlots } from '@lps/common';

/**
 * Tool calls running at once per API key, in this process: keyed slots (@lps/common),
 * the same kind of limiter as the image service's fair slots and the dispatcher's
 * endpoint slots (those across processes, in Redis). A tool may wait up to 50 s
 * (wait_for_post, research), so without a bound one key could hold any number of
 * those open; past the bound a call is refused at once (rate_limited) rather than queued.
 */
export const MAX_CALLS_IN_FLIGHT_PER_KEY = 4;

const callsInFlight = createKeyedSlots((running) => running < MAX_CALLS_IN_FLIGHT_PER_KEY);

/** Takes a slot for the key; returns the release, or undefined when the key has none left. */
export const takeCallSlot = (keyId: string): (() => void) | undefined => callsInFlight.take(keyId);
