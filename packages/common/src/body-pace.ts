/** The pace a body must keep once its grace is over (LPS_HTTP_MIN_BODY_RATE past LPS_HTTP_REQUEST_TIMEOUT). */
export interface BodyPace {
  /** Any body may take this long. */
  graceMs: number;
  /** Past the grace, the bytes moved must average at least this since the body began. */
  minBytesPerSecond: number;
}

/**
 * Whether a body still moving after `elapsedMs` with `bytes` moved is behind its
 * pace, as Apache's mod_reqtimeout `MinRate`: a small body is done within the
 * grace, a large one may take as long as it keeps the average, and a sender
 * dripping just under an idle time-out falls behind once the grace is over.
 */
export function isBehindPace(bytes: number, elapsedMs: number, pace: BodyPace): boolean {
  return elapsedMs >= pace.graceMs && bytes < (pace.minBytesPerSecond * elapsedMs) / 1_000;
}
