import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { answerClientError, BODY_IDLE_TIMEOUT, errorEnvelopeBody, type ClientErrorBody } from './answer-client-error.js';
import { cutWhenBodyTooSlow } from './body-pace.js';

/** How long a client may take to send its request (config.http.timeouts; docs/api.md "Limits"). */
export interface HttpTimeouts {
  /** From the connection (or the previous request) to the end of the headers. */
  headersMs: number;
  /** How long a body may take before it must keep `minBodyBytesPerSecond` on average. */
  requestMs: number;
  /** Longest silence while the body is arriving. */
  bodyIdleMs: number;
  /** The average pace, since the request began, a body still arriving after `requestMs` must have kept. */
  minBodyBytesPerSecond: number;
}

/** Node checks its header and request time-outs on this beat (30 s by default, which would let a time-out run that much late). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

const hasBody = (req: IncomingMessage): boolean => Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

/**
 * A body that stops arriving is cut after `idleMs` of silence with 408, however
 * long the request time-out is: a sender that trickles nothing cannot hold the
 * connection (and a half-written upload) for minutes. The timer is the socket's,
 * and it runs only while the body is being read: a body the server has not
 * started reading yet (its request is still being authenticated) or has paused
 * (the disk is behind) is not the sender's silence. Node raises it on the
 * request only while the body is incomplete; once the body has arrived, a slow
 * answer (a tool call that waits) is never cut.
 */
function cutWhenBodyStops(req: IncomingMessage, res: ServerResponse, idleMs: number, body: ClientErrorBody): void {
  if (idleMs <= 0) return;
  const socket = req.socket;
  req.on('resume', () => {
    if (!req.complete) socket.setTimeout(idleMs);
  });
  req.on('pause', () => socket.setTimeout(0));
  req.once('timeout', () => {
    // Already answered (a body refused from its headers): the sender merely stopped; nothing more to say.
    if (res.headersSent) socket.destroy();
    else answerClientError(Object.assign(new Error('the request body stopped arriving'), { code: BODY_IDLE_TIMEOUT }), socket, body);
  });
  // Node closes a socket whose time-out nobody handles; past the body, this one is no longer ours to enforce.
  res.on('timeout', () => {
    if (req.complete) socket.setTimeout(0);
  });
}

/**
 * Node's HTTP server with every time-out on the way in set: headers, a body's
 * pace, and silence within a body. Node's own whole-request time-out is not
 * used: one figure cannot fit both a 1 KB JSON body and a 500 MB video, so a
 * body may take as long as it keeps a minimum pace (body-pace.ts). What Node
 * refuses (malformed, too large, too late) is answered in `body`'s envelope
 * rather than with a bare status line.
 */
export function createHttpServer(timeouts: HttpTimeouts, handler: RequestListener, body: ClientErrorBody = errorEnvelopeBody): Server {
  const server = createServer(
    {
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      requestTimeout: 0,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    handler,
  );
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) => answerClientError(error, socket, body));
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!hasBody(req)) return;
    cutWhenBodyStops(req, res, timeouts.bodyIdleMs, body);
    cutWhenBodyTooSlow(req, { graceMs: timeouts.requestMs, minBytesPerSecond: timeouts.minBodyBytesPerSecond }, body);
  });
  return server;
}
