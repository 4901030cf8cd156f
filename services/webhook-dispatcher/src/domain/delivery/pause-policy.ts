/**
 * When an endpoint that keeps not answering is left alone (decision 0003, issue 20): the
 * rule. Counting the time-outs across dispatchers, in Redis, is adapters/endpoint-pauses.ts.
 */

/** Time-outs in a row after which an endpoint is paused. */
export const TIMEOUTS_BEFORE_PAUSE = 5;
/** How long a paused endpoint is left alone; each further time-out after it pauses it again. */
export const PAUSE_MS = 60_000;
/** A streak of time-outs with no new one for this long is forgotten. */
export const STREAK_MEMORY_MS = 10 * PAUSE_MS;
