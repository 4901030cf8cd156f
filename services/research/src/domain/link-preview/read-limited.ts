import type { Got } from 'got';

/** What reading a URL gave: its head, and as much of its body as the limits allowed. */
export interface LimitedRead {
  status: number;
  contentType: string;
  /** The address after redirects (each hop checked by the outbound guard). */
  finalUrl: string;
  bytes: Buffer;
  /** The body went on past the byte limit, or the time limit, and was cut there. */
  cut: boolean;
}

export interface ReadLimits {
  maxBytes: number;
  timeoutMs: number;
  /** Stop as soon as these bytes have arrived (an HTML page's `</head>`): the rest is not needed. */
  enoughWhen?: (received: Buffer) => boolean;
  accept: string;
}

/**
 * Reads at most `maxBytes` of a URL within `timeoutMs`, through the guarded client
 * (private addresses refused at connect time, each redirect checked). A sender
 * that drips bytes is cut at the deadline with what it sent; a huge body is cut at
 * the byte limit and its connection dropped. Never more than `maxBytes` in memory.
 */
export function readLimited(client: Got, url: string, limits: ReadLimits): Promise<LimitedRead> {
  return new Promise((resolve, reject) => {
    const stream = client.stream(url, { headers: { accept: limits.accept, 'user-agent': 'lps-link-preview/1 (+link cards)' } });
    const chunks: Buffer[] = [];
    let size = 0;
    // The last bytes of the previous chunk: a `</head>` split across two chunks is still seen.
    let tail: Buffer = Buffer.alloc(0);
    let head: { status: number; contentType: string; finalUrl: string } | undefined;
    let settled = false;
    const finish = (cut: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      stream.destroy();
      if (!head) return reject(new Error(`no answer within ${limits.timeoutMs} ms`));
      resolve({ ...head, bytes: Buffer.concat(chunks).subarray(0, limits.maxBytes), cut });
    };
    const deadline = setTimeout(() => finish(true), limits.timeoutMs);
    stream.once('response', (response: { statusCode: number; headers: Record<string, string | undefined>; url: string }) => {
      head = { status: response.statusCode, contentType: response.headers['content-type'] ?? '', finalUrl: response.url || url };
      if (response.statusCode < 200 || response.statusCode > 299) finish(false);
    });
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limits.maxBytes) finish(true);
      else if (limits.enoughWhen?.(Buffer.concat([tail, chunk]))) finish(false);
      tail = chunk.subarray(-16);
    });
    stream.once('end', () => finish(false));
    stream.once('error', (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      reject(error);
    });
  });
}
