import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestMember, createTestPost, waitFor, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';
import { filesUnder, png } from './support/image-fixtures.js';
import { openRaw, within, type RawConnection } from './support/raw-http.js';

/**
 * Senders that hold a connection open: an upload far over the limits that would
 * be read to the cap, bodies and headers that stop or trickle. The time-outs are
 * shortened here (the defaults are minutes: docs/api.md); what is tested is that
 * each one cuts, answers in the envelope and leaves nothing behind.
 */
let api: TestApi;
let member: TestMember;
let dataDir: string;
const MB = 1024 * 1024;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lps-slow-'));
  // Videos may be 500 MB by default (decision 0021): at 20 MB, 30 MB is more than any file the endpoint accepts.
  api = await startTestApi({
    LPS_DATA_DIR: dataDir,
    LPS_HTTP_HEADERS_TIMEOUT: '2s',
    LPS_HTTP_REQUEST_TIMEOUT: '4s',
    LPS_HTTP_BODY_IDLE_TIMEOUT: '1s',
    LPS_HTTP_MIN_BODY_RATE: String(16 * 1024),
    LPS_VIDEO_MAX_BYTES: String(20 * MB),
  });
  member = await createTestMember(api.runtime);
});
afterAll(async () => {
  await api.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const port = () => Number(new URL(api.baseUrl).port);
const BOUNDARY = 'lps-test-boundary';
const partHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`;

function uploadHeaders(postId: string, contentLength: number): string {
  return (
    `POST /api/v1/posts/${postId}/images/upload HTTP/1.1\r\nHost: x\r\nAuthorization: ${member.auth}\r\n` +
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${contentLength}\r\n\r\n`
  );
}

/** Writes `chunk` every `everyMs` until the connection has an answer or closes. */
function trickle(connection: RawConnection, chunk: Buffer | string, everyMs: number): () => void {
  const timer = setInterval(() => {
    if (!connection.socket.destroyed) connection.write(chunk);
  }, everyMs);
  const stop = () => clearInterval(timer);
  connection.response.then(stop, stop);
  return stop;
}

describe('an upload larger than any file the endpoint accepts', () => {
  it('declaring 30 MB is refused (422 unprocessable, details.file) from its Content-Length, before a byte is stored', async () => {
    const post = await createTestPost(api.runtime, member.memberId);
    const before = await filesUnder(dataDir);
    const connection = openRaw(port());
    connection.write(uploadHeaders(post.id, 30 * MB) + partHead);
    connection.write(await png(64, 64));
    // 160 KB/s, as the attack went: before, the answer came only once 5 MB had arrived.
    const stop = trickle(connection, Buffer.alloc(16 * 1024, 7), 100);
    try {
      const answer = await within(3_000, connection.response, 'the answer to a 30 MB upload');
      expect(answer.status).toBe(422);
      const error = JSON.parse(answer.body).error;
      expect(error.code).toBe('unprocessable');
      expect(error.details.file).toMatch(/declares 30\.0 MB, more than any file accepted \(a video of 20 MB, a PDF of 10 MB, an image of 5 MB\)/);
      expect(
        api.document.problems({ method: 'POST', path: `/posts/${post.id}/images/upload`, status: 422, contentType: answer.headers['content-type'], text: answer.body }),
      ).toEqual([]);
    } finally {
      stop();
      connection.socket.destroy();
    }
    expect(await filesUnder(dataDir)).toEqual(before);
  });

  it('declaring less than a video may have but more than its own type (a 15 MB PNG) is refused once its first bytes show the type', async () => {
    const post = await createTestPost(api.runtime, member.memberId);
    const before = await filesUnder(dataDir);
    const connection = openRaw(port());
    connection.write(uploadHeaders(post.id, 15 * MB) + partHead);
    connection.write(Buffer.concat([await png(64, 64), Buffer.alloc(8 * 1024, 7)]));
    const stop = trickle(connection, Buffer.alloc(16 * 1024, 7), 100);
    try {
      const answer = await within(3_000, connection.response, 'the answer to a 15 MB PNG');
      expect(answer.status).toBe(422);
      expect(JSON.parse(answer.body).error.details.file).toMatch(/declares 15\.0 MB, more than a file of its type may have \(images: at most 5 MB\)/);
    } finally {
      stop();
      connection.socket.destroy();
    }
    expect(await filesUnder(dataDir)).toEqual(before);
  });

  it("keeps the order of checks: for another member's post it is 404, still before the body is read", async () => {
    const other = await createTestMember(api.runtime);
    const post = await createTestPost(api.runtime, other.memberId);
    const connection = openRaw(port());
    connection.write(uploadHeaders(post.id, 30 * MB) + partHead);
    try {
      const answer = await within(3_000, connection.response, "the answer to a 30 MB upload to another member's post");
      expect(answer.status).toBe(404);
    } finally {
      connection.socket.destroy();
    }
  });
});

describe('request time-outs', () => {
  it('an upload whose body stops arriving is cut after the idle time-out: 408 in the envelope, and its partial file is removed', async () => {
    const post = await createTestPost(api.runtime, member.memberId);
    const before = await filesUnder(dataDir);
    const connection = openRaw(port());
    // A real PNG head, so the bytes are already being stored when the sender stops.
    connection.write(uploadHeaders(post.id, 3 * MB) + partHead);
    connection.write(Buffer.concat([await png(256, 256), Buffer.alloc(64 * 1024, 7)]));
    const answer = await within(6_000, connection.response, 'the answer to a stalled upload');
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body).error.code).toBe('validation_error');
    await within(6_000, connection.closed, 'closing the stalled connection');
    await waitFor(async () => JSON.stringify(await filesUnder(dataDir)) === JSON.stringify(before), { timeoutMs: 5_000, what: 'the partial upload removed' });
    expect((await api.runtime.db.post.findUniqueOrThrow({ where: { id: post.id } })).imageUrl).toBeNull();
  });

  it('a JSON body that trickles (a byte every 300 ms, under the idle time-out) is cut by the request time-out', async () => {
    const connection = openRaw(port());
    const started = Date.now();
    connection.write(`POST /api/v1/posts HTTP/1.1\r\nHost: x\r\nAuthorization: ${member.auth}\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{"idea":"`);
    const stop = trickle(connection, 'a', 300);
    try {
      const answer = await within(9_000, connection.response, 'the answer to a trickling body');
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body).error.code).toBe('validation_error');
      expect(Date.now() - started).toBeGreaterThanOrEqual(3_500);
    } finally {
      stop();
      connection.socket.destroy();
    }
  });

  /** Sends `head`, then `body` `chunk` bytes every 100 ms; resolves with the answer. */
  async function sendPaced(head: string, body: Buffer, chunk: number) {
    const connection = openRaw(port());
    connection.write(head);
    let sent = 0;
    const timer = setInterval(() => {
      if (connection.socket.destroyed || sent >= body.length) return void clearInterval(timer);
      connection.write(body.subarray(sent, sent + chunk));
      sent += chunk;
    }, 100);
    try {
      return await within(20_000, connection.response, 'the answer to a paced body');
    } finally {
      clearInterval(timer);
      connection.socket.destroy();
    }
  }

  /** An upload of a real PNG padded to `total` bytes, sent `chunk` bytes every 100 ms. */
  async function paced(postId: string, total: number, chunk: number) {
    const head = await png(64, 64);
    const file = Buffer.concat([head, Buffer.alloc(total - head.length, 0)]);
    const body = Buffer.concat([Buffer.from(partHead), file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
    return sendPaced(uploadHeaders(postId, body.length), body, chunk);
  }

  it('a body that keeps the minimum pace may take longer than LPS_HTTP_REQUEST_TIMEOUT: a large body on a slow link is not cut', async () => {
    // 240 KB of JSON (whitespace between tokens is JSON) at 40 KB/s: 6 s, past the 4 s grace, above the 16 KB/s floor.
    const body = Buffer.from(`{"idea":"sent slowly"${' '.repeat(240 * 1024)}}`);
    const started = Date.now();
    const answer = await sendPaced(
      `POST /api/v1/posts HTTP/1.1\r\nHost: x\r\nAuthorization: ${member.auth}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
      4 * 1024,
    );
    expect(Date.now() - started).toBeGreaterThan(4_000);
    expect(answer.status).toBe(201);
  });

  it('a body under the minimum pace is cut once the grace is over: 408, and its partial file removed', async () => {
    // 8 KB/s, under the idle time-out's reach (a chunk every 100 ms) but below the 16 KB/s floor.
    const post = await createTestPost(api.runtime, member.memberId);
    const before = await filesUnder(dataDir);
    const answer = await paced(post.id, 240 * 1024, 800);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body).error).toMatchObject({ code: 'validation_error', details: { request: 'the request body arrived too slowly' } });
    await waitFor(async () => JSON.stringify(await filesUnder(dataDir)) === JSON.stringify(before), { timeoutMs: 5_000, what: 'the partial upload removed' });
  });

  it('headers that trickle are cut by the headers time-out', async () => {
    const connection = openRaw(port());
    connection.write('GET /api/v1/me HTTP/1.1\r\nHost: x\r\n');
    const stop = trickle(connection, 'X-Slow: 1\r\n', 300);
    try {
      const answer = await within(7_000, connection.response, 'the answer to trickling headers');
      expect(answer.status).toBe(408);
    } finally {
      stop();
      connection.socket.destroy();
    }
  });

  it('does not cut a request whose answer takes longer than every time-out: they bound receiving, not answering', async () => {
    // Images that never come (no image worker runs here): the tool waits its whole wait_seconds.
    const post = await createTestPost(api.runtime, member.memberId, { status: 'generating_images' });
    const started = Date.now();
    const response = await fetch(api.baseUrl.replace(/\/api\/v1$/, '/mcp'), {
      method: 'POST',
      headers: { Authorization: member.auth, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'wait_for_post', arguments: { post_id: post.id, until: 'images', wait_seconds: 5 } } }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: { structuredContent: { settled: boolean } } }).result.structuredContent.settled).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_500);
  });
});
