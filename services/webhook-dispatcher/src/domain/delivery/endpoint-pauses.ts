/** Time-outs in a row after which an endpoint is paused. */
export const TIMEOUTS_BEFORE_PAUSE = 5;
/** How long a paused endpoint is left alone; each further time-out after it pauses it again. */
export const PAUSE_MS = 60_000;

/**
 * Endpoints whose receiver keeps not answering are paused: after
 * TIMEOUTS_BEFORE_PAUSE time-outs in a row, this dispatcher sends nothing to
 * the endpoint for PAUSE_MS — its jobs wait for the pause to end instead of
 * each holding a slot for the whole time-out. Any answer (even an error status)
 * ends the streak. Kept per process: every dispatcher learns it from its own
 * attempts, which is enough to stop the waste and needs no shared state.
 */
export interface EndpointPauses {
  /** When the endpoint's pause ends (ms since epoch), or undefined when it is not paused. */
  pausedUntil(endpointId: string): number | undefined;
  /** Counts one attempt's outcome; returns the pause it started, if it started one. */
  record(endpointId: string, timedOut: boolean): number | undefined;
}

const REMEMBERED = 50_000;

export function createEndpointPauses(now: () => number = Date.now): EndpointPauses {
  const streaks = new Map<string, { timeouts: number; until?: number }>();
  return {
    pausedUntil(endpointId) {
      const until = streaks.get(endpointId)?.until;
      return until !== undefined && until > now() ? until : undefined;
    },
    record(endpointId, timedOut) {
      if (!timedOut) {
        streaks.delete(endpointId);
        return undefined;
      }
      if (streaks.size >= REMEMBERED && !streaks.has(endpointId)) streaks.clear();
      const streak = streaks.get(endpointId) ?? { timeouts: 0 };
      streak.timeouts += 1;
      if (streak.timeouts >= TIMEOUTS_BEFORE_PAUSE) streak.until = now() + PAUSE_MS;
      streaks.set(endpointId, streak);
      return streak.until !== undefined && streak.timeouts >= TIMEOUTS_BEFORE_PAUSE ? streak.until : undefined;
    },
  };
}
