import { comparePositions, formatStreamPosition, STREAM_START, type Repositories, type StreamEvent, type StreamPosition } from '@lps/db';
import type { Logger } from '@lps/logger';
import { eventsWorthSending, sseFrame, STREAM_EVENT_TYPES } from '../../domain/events/stream-events.js';

/** One browser's stream, as the hub writes to it. */
export interface StreamClient {
  memberId: string;
  sessionId: string;
  /** Writes a chunk of the event stream. */
  send(chunk: string): void;
  /** What is written but not yet taken by the client (bytes). */
  buffered(): number;
  /** Ends the answer: the hub is done with this client. */
  end(): void;
}

export interface HubOptions {
  pollMs: number;
  heartbeatMs: number;
  /** Sessions are checked this often: a stream ends with its session within this time (sign-out, expiry). */
  sessionCheckMs: number;
  log: Logger;
}

/** At most this many rows per read; a full read is followed by another at once. */
const BATCH = 500;
/** A client that leaves this much unread is cut; its browser reconnects and resumes from the database. */
const MAX_BUFFERED_BYTES = 1_048_576;

interface Stream {
  client: StreamClient;
  /** The last position this client has everything up to. */
  position: StreamPosition;
  /** Last-Event-ID, until the hub has caught the client up from it. */
  resumeAfter: StreamPosition | undefined;
  open: boolean;
}

export interface HubStats {
  streams: number;
  /** Rounds of the poller. */
  ticks: number;
  /** Statements run since the hub started, by kind: they do not grow with the number of streams. */
  eventReads: number;
  catchUpReads: number;
  sessionChecks: number;
}

/**
 * The live streams of one dashboard process (decision 0039): one poller for every connected member,
 * never one per connection. While a stream is open it reads, every `pollMs`, the outbox rows of all
 * the members it serves that are past its cursor and below the transaction horizon — one statement
 * whatever the number of streams — and writes each to that member's streams. A stream that resumes
 * (Last-Event-ID) is first caught up from the database, so nothing is missed across a reconnect, on
 * any replica, after a Redis flush. Sessions are checked every `sessionCheckMs`: a stream ends with
 * its session. Nothing runs while no stream is open.
 */
export class EventHub {
  private readonly streams = new Set<Stream>();
  private readonly joining: Stream[] = [];
  private cursor: StreamPosition | undefined;
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private running = false;
  private again = false;
  private stopped = false;
  private lastSessionCheck = 0;
  private failing = false;
  private readonly counts = { ticks: 0, eventReads: 0, catchUpReads: 0, sessionChecks: 0 };

  constructor(
    private readonly repos: Pick<Repositories, 'readStreamEvents' | 'liveSessionIds'>,
    private readonly options: HubOptions,
  ) {}

  /** Opens a stream; `resumeAfter` is the browser's Last-Event-ID. Returns how to close it (the browser went away). */
  subscribe(client: StreamClient, resumeAfter?: StreamPosition): { close(): void } {
    const stream: Stream = { client, position: resumeAfter ?? STREAM_START, resumeAfter, open: true };
    this.joining.push(stream);
    this.startHeartbeat();
    this.wake();
    return { close: () => this.drop(stream) };
  }

  /** Open streams of one session (a session may hold a few: tabs). */
  streamsOf(sessionId: string): number {
    return [...this.streams, ...this.joining].filter((stream) => stream.open && stream.client.sessionId === sessionId).length;
  }

  stats(): HubStats {
    return { streams: this.streams.size + this.joining.length, ...this.counts };
  }

  /** Ends every stream (the process stops): browsers reconnect to another replica and resume. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.heartbeat);
    for (const stream of [...this.streams, ...this.joining]) this.end(stream);
  }

  private drop(stream: Stream): void {
    stream.open = false;
    this.streams.delete(stream);
    const waiting = this.joining.indexOf(stream);
    if (waiting >= 0) this.joining.splice(waiting, 1);
  }

  private end(stream: Stream, last?: string): void {
    if (!stream.open) return;
    this.drop(stream);
    if (last) stream.client.send(last);
    stream.client.end();
  }

  private send(stream: Stream, chunk: string): void {
    if (!stream.open) return;
    stream.client.send(chunk);
    if (stream.client.buffered() > MAX_BUFFERED_BYTES) this.end(stream);
  }

  private startHeartbeat(): void {
    if (this.heartbeat || this.stopped) return;
    // A comment line: EventSource ignores it, proxies see the connection is alive.
    this.heartbeat = setInterval(() => {
      for (const stream of this.streams) this.send(stream, ': heartbeat\n\n');
    }, this.options.heartbeatMs);
  }

  private wake(): void {
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), delayMs);
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      await this.tick();
      if (this.failing) this.options.log.info('live event streams read the database again');
      this.failing = false;
    } catch (error) {
      // The database is away: streams stay open (heartbeats go on) and the next tick tries again.
      if (!this.failing) this.options.log.warn('live event streams could not read the database; retrying', { error: (error as Error).message });
      this.failing = true;
    } finally {
      this.running = false;
    }
    if (this.stopped) return;
    if (this.streams.size + this.joining.length === 0) {
      // Idle: nothing is read, and the next stream starts from the horizon of its time.
      this.cursor = undefined;
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
      return;
    }
    const next = this.again ? 0 : this.options.pollMs;
    this.again = false;
    this.schedule(next);
  }

  private async tick(): Promise<void> {
    this.counts.ticks += 1;
    if (!this.cursor) {
      this.cursor = (await this.read([], STREAM_START)).through;
      this.counts.eventReads += 1;
    }
    await this.admit(this.cursor);
    await this.poll(this.cursor);
    if (Date.now() - this.lastSessionCheck >= this.options.sessionCheckMs) await this.checkSessions();
  }

  private read(memberIds: string[], after: StreamPosition, upTo?: StreamPosition) {
    return this.repos.readStreamEvents({ memberIds, types: STREAM_EVENT_TYPES, after, upTo, limit: BATCH });
  }

  /** New streams: a resumed one gets what it missed up to the cursor first; each then learns where it stands (`id:`). */
  private async admit(cursor: StreamPosition): Promise<void> {
    while (this.joining.length > 0) {
      const stream = this.joining[0] as Stream;
      let after = stream.resumeAfter;
      while (after && stream.open && comparePositions(after, cursor) < 0) {
        const caughtUp = await this.read([stream.client.memberId], after, cursor);
        this.counts.catchUpReads += 1;
        this.deliver(eventsWorthSending(caughtUp.events), [stream]);
        after = caughtUp.through;
      }
      this.joining.shift();
      if (!stream.open) continue;
      if (comparePositions(stream.position, cursor) < 0) stream.position = cursor;
      stream.resumeAfter = undefined;
      this.streams.add(stream);
      this.send(stream, `id: ${formatStreamPosition(stream.position)}\n\n`);
    }
  }

  private async poll(cursor: StreamPosition): Promise<void> {
    if (this.streams.size === 0) return;
    const members = [...new Set([...this.streams].map((stream) => stream.client.memberId))];
    const read = await this.read(members, cursor);
    this.counts.eventReads += 1;
    this.deliver(eventsWorthSending(read.events), [...this.streams]);
    this.cursor = read.through;
    if (read.events.length >= BATCH) this.again = true;
  }

  private deliver(events: StreamEvent[], streams: Stream[]): void {
    for (const event of events) {
      for (const stream of streams) {
        if (stream.client.memberId !== event.memberId || comparePositions(event.position, stream.position) <= 0) continue;
        stream.position = event.position;
        this.send(stream, sseFrame(event));
      }
    }
  }

  private async checkSessions(): Promise<void> {
    this.lastSessionCheck = Date.now();
    const streams = [...this.streams];
    const live = await this.repos.liveSessionIds([...new Set(streams.map((stream) => stream.client.sessionId))], new Date());
    this.counts.sessionChecks += 1;
    for (const stream of streams) {
      if (!live.has(stream.client.sessionId)) this.end(stream, 'event: session.ended\ndata: {"reason":"the session has ended: sign in again"}\n\n');
    }
  }
}
