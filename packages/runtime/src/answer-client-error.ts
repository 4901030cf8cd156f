import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Raised by the body idle time-out and the body pace check (http-server.ts); Node raises the others. */
export const BODY_IDLE_TIMEOUT = 'LPS_BODY_IDLE_TIMEOUT';
export const BODY_TOO_SLOW = 'LPS_BODY_TOO_SLOW';

/** The statuses Node itself picks for a request its parser refuses (lib/_http_server.js). */
function statusFor(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === BODY_IDLE_TIMEOUT || code === BODY_TOO_SLOW) return 408;
  return 400;
}

function detailFor(code: string | undefined, status: number): string {
  if (code === BODY_IDLE_TIMEOUT) return 'the request body stopped arriving';
  if (code === BODY_TOO_SLOW) return 'the request body arrived too slowly';
  if (status === 408) return 'the request was not received in time';
  if (status === 413) return 'chunk extensions larger than the server accepts';
  if (status === 431) return 'the request line or headers are larger than the server accepts (16 KB)';
  return 'not a well-formed HTTP/1.1 request';
}

/** The body of such an answer; `url` is the request's when its head was read (a time-out), so each entry can answer in its own envelope. */
export type ClientErrorBody = (answer: { status: number; message: string; detail: string; url: string | undefined }) => unknown;

/** The REST error envelope (docs/api.md), the default. */
export const errorEnvelopeBody: ClientErrorBody = ({ message, detail }) => ({ error: { code: 'validation_error', message, details: { request: detail } } });

/**
 * Node answers a request its HTTP parser refuses (a 20 KB query string, a bad
 * header) or does not receive in time with a bare status line and no body.
 * Answer with the status Node would have chosen, in the envelope of the entry,
 * then close: the parser cannot find where the next request would begin.
 * As Node does, nothing is written once the request's own answer has begun.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket, body: ClientErrorBody = errorEnvelopeBody): void {
  const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || response?.headersSent) {
    socket.destroy();
    return;
  }
  const status = statusFor(error.code);
  const message = STATUS_CODES[status] ?? 'Bad Request';
  const text = JSON.stringify(body({ status, message, detail: detailFor(error.code, status), url: response?.req?.url }));
  socket.end(
    `HTTP/1.1 ${status} ${message}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(text)}\r\n` +
      'Connection: close\r\n\r\n' +
      text,
  );
  // A sender that goes on sending (a trickling body) would hold the socket half-open: it is closed
  // once the answer has had a moment to arrive.
  setTimeout(() => socket.destroy(), 1_000).unref();
}
