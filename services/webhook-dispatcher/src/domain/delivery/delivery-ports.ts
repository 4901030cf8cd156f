// What one delivery attempt asks of the dispatcher's shared state (Redis in production: the
// implementations are in adapters/). Declared here, beside the use case that uses them.

/**
 * One attempt's hold on its endpoint, in two stages: the slot (a lease) for the
 * request, and a place in the endpoint's allowance of attempts sent but not yet
 * recorded, kept until the record is written.
 */
export interface HeldSlot {
  /** The request is over: the slot may carry another request while this attempt is recorded. */
  requestAnswered(): void;
  /** The attempt is recorded (or was never sent): it leaves the allowance, and the slot is freed if `requestAnswered` was not called. */
  attemptRecorded(): Promise<void>;
}

export interface EndpointSlots {
  /**
   * A hold once a slot is ours — at once, or handed over by one of this
   * process's requests to the endpoint finishing soon — or null when the
   * endpoint stays full (the job is then postponed). `whileWaiting` is called
   * when the job is about to wait, so it can do its own reading meanwhile.
   */
  acquire(endpointId: string, whileWaiting?: () => void): Promise<HeldSlot | null>;
}

/**
 * Endpoints paused after several time-outs in a row, counted across every
 * dispatcher: while paused, nothing is sent to the endpoint and its jobs wait.
 */
export interface EndpointPauses {
  /** When the endpoint's pause ends (ms since epoch), as far as this process knows, or undefined. */
  pausedUntil(endpointId: string): number | undefined;
  /** What the acquire script saw in Redis: the pause's end (0: none) and the time-outs in a row so far. */
  learn(endpointId: string, pausedUntil: number, timeouts: number): void;
  /** Counts one attempt's outcome in Redis; returns the pause it started, if it started one. */
  record(endpointId: string, timedOut: boolean): Promise<number | undefined>;
}

/** Each member's share of the dispatchers' delivery slots, across every dispatcher: one member cannot take them all. */
export interface MemberShares {
  /** The member of an endpoint, if one of its deliveries was read in this process. */
  memberOf(endpointId: string): string | undefined;
  remember(endpointId: string, memberId: string): void;
  /** Takes one of the member's slots; the release, or undefined when their share is in use. */
  take(memberId: string): Promise<(() => void) | undefined>;
}
