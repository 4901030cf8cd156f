import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { assertLiteralIsPublic } from './guarded-client.js';
import { publicOnlyLookup } from './guarded-lookup.js';

export interface GuardedRequestSenderOptions {
  /** LPS_ALLOW_PRIVATE_URLS=1: local development and tests only. */
  allowPrivate: boolean;
  /** The whole request, connection to the last byte read. */
  timeoutMs: number;
  /** How much of the answer's body is read; the rest is dropped unread. */
  maxBodyBytes: number;
}

export interface SenderAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** The first `maxBodyBytes` of the body, as UTF-8. */
  body: string;
}

export type GuardedRequestSender = (url: string, body: string, headers: Record<string, string>) => Promise<SenderAnswer>;

/** Thrown when the whole request took longer than its time-out. */
export class RequestTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(timeoutMs: number) {
    super(`no complete answer within ${timeoutMs} ms`);
    this.name = 'RequestTimeoutError';
  }
}

/**
 * One POST to a user-supplied URL on plain node:http, with the guard of
 * `createGuardedClient`: IP literals are checked before the request and host
 * names at connect time (the address checked is the address connected to).
 * Redirects are never followed. For a hot path that sends one POST and reads a
 * status: got builds and merges its options object per request, which was the
 * largest share of the webhook dispatcher's CPU per delivery (decision 0003).
 */
export function createGuardedRequestSender(options: GuardedRequestSenderOptions): GuardedRequestSender {
  // Connections are kept and reused, as got does with Node's global agents.
  const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };
  const lookup = options.allowPrivate ? undefined : publicOnlyLookup;

  return (target, body, headers) =>
    new Promise<SenderAnswer>((resolve, reject) => {
      const url = new URL(target);
      const protocol = url.protocol as keyof typeof agents;
      const agent = agents[protocol];
      if (!agent) throw new TypeError(`unsupported protocol ${url.protocol}`);
      if (!options.allowPrivate) assertLiteralIsPublic(url);
      const request = (protocol === 'https:' ? https : http).request(url, {
        method: 'POST',
        agent,
        ...(lookup ? { lookup } : {}),
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      });
      const timer = setTimeout(() => request.destroy(new RequestTimeoutError(options.timeoutMs)), options.timeoutMs);
      request.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.once('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let settled = false;
        const finish = () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).subarray(0, options.maxBodyBytes).toString('utf8') });
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          // Enough to explain a failure: the connection is dropped rather than read to the end.
          if (size >= options.maxBodyBytes) {
            finish();
            response.destroy();
          }
        });
        response.once('end', finish);
        response.once('error', finish);
        response.once('close', finish);
      });
      request.end(body);
    });
}
