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
 * Endpoints whose receiver keeps not answering are paused: after
 * TIMEOUTS_BEFORE_PAUSE time-outs in a row — counted across every dispatcher,
 * in Redis — no dispatcher sends anything to the endpoint for PAUSE_MS: its jobs
 * wait for the pause to end instead of each holding a slot for the whole
 * time-out. Any answer (even an error status) ends the streak.
 *
 * A dispatcher learns of a pause another one started when it next asks Redis for
 * one of the endpoint's slots (the acquire script reads the pause first, see
 * endpoint-slots.ts) and remembers it here, so the jobs that follow are postponed
 * without a Redis call. Slots handed from one of this process's requests to the
 * next skip Redis, but only an endpoint that answers fast hands slots over, and a
 * paused one does not.
 */
export interface EndpointPauses {
  /** When the endpoint's pause ends (ms since epoch), as far as this process knows, or undefined. */
  pausedUntil(endpointId: string): number | undefined;
  /** What the acquire script saw in Redis: the pause's end (0: none) and the time-outs in a row so far. */
  learn(endpointId: string, pausedUntil: number, timeouts: number): void;
  /** Counts one attempt's outcome in Redis; returns the pause it started, if it started one. */
  record(endpointId: string, timedOut: boolean): Promise<number | undefined>;
}

/**
 * Keeps the dispatchers' delivery slots from being taken by one member.
 * Endpoint slots bound what one receiver gets; this bounds what one member gets
 * across all their endpoints (up to 20): without it, a member whose receivers
 * hang holds every slot for the whole receiver time-out and everyone else's
 * deliveries wait. Counted in Redis across every dispatcher (one Lua call per
 * take, take-member-share.lua): the fleet's capacity is the sum of the
 * concurrency of the dispatchers delivering now, a member always gets a quarter
 * of it (a share), and more only while a share stays free for the others — so a
 * member alone still uses the whole fleet but for one share, and a newcomer
 * always finds room, whichever dispatchers the jobs landed on. A job over the
 * limit is postponed for a moment (as for a busy endpoint).
 *
 * Each take is a lease that expires after `leaseMs`: a dispatcher killed
 * mid-request frees its member slots, and stops counting in the capacity, by then.
 *
 * Endpoints never change owner, so the member of an endpoint is remembered
 * after its first delivery is read: later jobs are judged before any read.
 */
export interface MemberShares {
  /** The member of an endpoint, if one of its deliveries was read in this process. */
  memberOf(endpointId: string): string | undefined;
  remember(endpointId: string, memberId: string): void;
  /** Takes one of the member's slots; the release, or undefined when their share is in use. */
  take(memberId: string): Promise<(() => void) | undefined>;
}
