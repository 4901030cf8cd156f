import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** The statuses Node itself picks for a request its parser refuses (lib/_http_server.js). */
function statusFor(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

const DETAIL: Record<number, string> = {
  400: 'not a well-formed HTTP/1.1 request',
  408: 'the request was not received in time',
  413: 'chunk extensions larger than the server accepts',
  431: 'the request line or headers are larger than the server accepts (16 KB)',
};

/**
 * Node answers a request its HTTP parser refuses (a 20 KB query string, a bad
 * header) with a bare status line and no body. Answer with the status Node would
 * have chosen, in the error envelope every other refusal uses, then close: the
 * parser cannot find where the next request would begin.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // Nothing to answer on a connection the peer already dropped, or whose answer has begun.
  if (error.code === 'ECONNRESET' || !socket.writable || (socket as Socket & { _httpMessage?: unknown })._httpMessage) {
    socket.destroy();
    return;
  }
  const status = statusFor(error.code);
  const body = JSON.stringify({ error: { code: 'validation_error', message: STATUS_CODES[status] ?? 'Bad Request', details: { request: DETAIL[status] } } });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
