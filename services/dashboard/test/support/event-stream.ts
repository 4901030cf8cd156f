import { request, type ClientRequest, type IncomingMessage } from 'node:http';

/** One server-sent event as a browser's EventSource reads it (the WHATWG parsing rules, enough of them). */
export interface ReadEvent {
  /** The last `id:` seen when it was dispatched (EventSource's lastEventId). */
  lastEventId: string;
  event: string;
  data: string;
  json: any;
}

/**
 * A browser's EventSource over a raw HTTP request: the frames as they arrive, the comments
 * (heartbeats), the last id, and when the server ends the answer. Waiting is on arrivals,
 * never on a clock: `next` resolves when an event comes, or rejects when the stream ends first.
 */
export class EventStream {
  readonly events: ReadEvent[] = [];
  readonly comments: string[] = [];
  lastEventId = '';
  retryMs: number | undefined;
  status = 0;
  headers: IncomingMessage['headers'] = {};
  body = '';
  ended = false;
  private buffer = '';
  private waiters: Array<() => void> = [];
  private req: ClientRequest | undefined;
  private frame: { event: string; data: string[] } = { event: '', data: [] };

  private constructor() {}

  /** Opens the stream; resolves once the answer's head is in (check `status`). */
  static open(origin: string, path: string, headers: Record<string, string> = {}): Promise<EventStream> {
    const stream = new EventStream();
    return new Promise((resolve, reject) => {
      const req = request(new URL(path, origin), { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
        stream.status = res.statusCode ?? 0;
        stream.headers = res.headers;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => stream.take(chunk));
        res.on('end', () => stream.finish());
        res.on('close', () => stream.finish());
        res.on('error', () => stream.finish());
        resolve(stream);
      });
      stream.req = req;
      req.on('error', (error) => (stream.status ? stream.finish() : reject(error)));
      req.end();
    });
  }

  /** The browser goes away. */
  close(): void {
    this.req?.destroy();
    this.finish();
  }

  private take(chunk: string): void {
    this.body += chunk;
    this.buffer += chunk;
    let newline: number;
    while ((newline = this.buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + (this.buffer.startsWith('\r\n', newline) ? 2 : 1));
      this.line(line);
    }
    this.notify();
  }

  private line(line: string): void {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return void this.comments.push(line.slice(1).trim());
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') this.frame.event = value;
    else if (field === 'data') this.frame.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
  }

  private dispatch(): void {
    const { event, data } = this.frame;
    this.frame = { event: '', data: [] };
    if (data.length === 0) return;
    const text = data.join('\n');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    this.events.push({ lastEventId: this.lastEventId, event: event || 'message', data: text, json });
  }

  private finish(): void {
    this.ended = true;
    this.notify();
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves when `ready()` holds; rejects if the stream ends first (or after `timeoutMs`, a guard that names what was awaited). */
  async until<T>(ready: () => T | undefined, what: string, timeoutMs = 30_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = ready();
      if (value !== undefined) return value;
      if (this.ended) throw new Error(`the stream ended before ${what}; it held ${JSON.stringify(this.events.map((event) => event.event))}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${timeoutMs} ms; the stream held ${JSON.stringify(this.events.map((event) => event.event))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The `index`-th event (0-based) once it has arrived. */
  nth(index: number, what = `event #${index + 1}`): Promise<ReadEvent> {
    return this.until(() => this.events[index], what);
  }

  /** The first event after the first `after` ones that matches. */
  next(match: (event: ReadEvent) => boolean, what: string, after = 0): Promise<ReadEvent> {
    return this.until(() => this.events.slice(after).find(match), what);
  }

  /** Resolves when the server has ended the answer. */
  endOfStream(what = 'the end of the stream'): Promise<true> {
    return this.until(() => (this.ended ? true : undefined), what).catch((error: Error) => {
      if (this.ended) return true as const;
      throw error;
    });
  }
}
