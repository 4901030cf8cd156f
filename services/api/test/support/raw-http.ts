import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
  /** When the first byte of the answer arrived, ms after the connection was opened. */
  firstByteAfterMs: number;
  /** Whether the server closed the connection after this answer. */
  closed: boolean;
}

export interface RawConnection {
  socket: Socket;
  /** Resolves with the first complete answer, or with what arrived when the server closed the connection; rejects on a socket error. */
  response: Promise<RawResponse>;
  write(bytes: string | Buffer): boolean;
  /** Resolves when the server has closed (or reset) the connection. */
  closed: Promise<void>;
}

/** A chunked body decoded, or undefined while its last chunk has not arrived. */
function dechunk(body: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd === -1) return undefined;
    const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (size === 0) return Buffer.concat(parts);
    if (body.length < lineEnd + 2 + size + 2) return undefined;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

function parse(buffer: Buffer, opened: number, firstByteAt: number, closed: boolean): RawResponse | undefined {
  const end = buffer.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const [statusLine = '', ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const raw = buffer.subarray(end + 4);
  const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
  const body = /chunked/i.test(headers['transfer-encoding'] ?? '')
    ? dechunk(raw)
    : length !== undefined
      ? raw.length >= length
        ? raw.subarray(0, length)
        : undefined
      : closed
        ? raw
        : undefined;
  if (!body) return undefined;
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: body.toString('utf8'),
    firstByteAfterMs: firstByteAt - opened,
    closed,
  };
}

/**
 * A connection that sends bytes exactly as given (no client normalises framing,
 * encoding or timing) and reads the server's first answer.
 */
export function openRaw(port: number): RawConnection {
  const opened = Date.now();
  const socket = connect(port, '127.0.0.1');
  let received = Buffer.alloc(0);
  let firstByteAt = 0;
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const response = new Promise<RawResponse>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      if (firstByteAt === 0) firstByteAt = Date.now();
      received = Buffer.concat([received, chunk]);
      const answer = parse(received, opened, firstByteAt, false);
      if (answer) resolve(answer);
    });
    socket.on('error', (error) => {
      const answer = parse(received, opened, firstByteAt, true);
      if (answer) resolve(answer);
      else reject(error);
    });
    socket.on('close', () => {
      const answer = parse(received, opened, firstByteAt, true);
      if (answer) resolve({ ...answer, closed: true });
      else reject(new Error(`the server closed the connection without an answer${received.length ? `: ${received.toString('latin1').slice(0, 200)}` : ''}`));
    });
  });
  response.catch(() => undefined);
  return { socket, response, closed, write: (bytes) => socket.write(bytes) };
}

/** Sends one request and reads its answer; the connection is closed afterwards. */
export async function rawExchange(port: number, request: string | Buffer): Promise<RawResponse> {
  const connection = openRaw(port);
  connection.write(request);
  try {
    return await connection.response;
  } finally {
    connection.socket.destroy();
  }
}

/** `promise`, or a rejection naming `what` after `ms`: a test of a time limit fails rather than hangs. */
export function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
