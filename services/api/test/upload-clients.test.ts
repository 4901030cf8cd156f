import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestMember, createTestPost, startLoopbackServer, waitFor, type LoopbackServer, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';
import { filesUnder, padded, png } from './support/image-fixtures.js';

// Uploads as the clients users have send them: Node's fetch with a FormData,
// a raw socket that keeps sending past the cap, and an image_url whose server
// never stops streaming. Each must be answered, and leave nothing staged.

const MB = 1024 * 1024;
let api: TestApi;
let member: TestMember;
let dataDir: string;
let endless: LoopbackServer;
let endlessClosed = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lps-upload-clients-'));
  const head = await png(8, 8);
  endless = await startLoopbackServer((req, res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.write(head);
    const chunk = Buffer.alloc(64 * 1024, 3);
    const timer = setInterval(() => res.write(chunk), 1);
    req.socket.once('close', () => {
      clearInterval(timer);
      endlessClosed += 1;
    });
  });
  api = await startTestApi({ LPS_DATA_DIR: dataDir, LPS_ALLOW_PRIVATE_URLS: '1' }, undefined, { imageService: true });
  member = await createTestMember(api.runtime);
});
afterAll(async () => {
  await api.stop();
  await endless.close();
  await rm(dataDir, { recursive: true, force: true });
});

const uploadUrl = (postId: string) => `${api.baseUrl}/posts/${postId}/images/upload`;

describe('uploads from real clients', () => {
  it('fetch with a FormData: a 6 MiB PNG is refused with 422 details.file, nothing staged', async () => {
    const post = await createTestPost(api.runtime, member.memberId);
    const form = new FormData();
    form.append('file', new Blob([padded(await png(), 6 * MB)], { type: 'image/png' }), 'six-mib.png');
    const response = await fetch(uploadUrl(post.id), { method: 'POST', headers: { authorization: member.auth }, body: form });
    const body = (await response.json()) as { error: { code: string; details: Record<string, string> } };
    expect(response.status).toBe(422);
    // Refused from the declared length once the first bytes show a PNG, or when the stream passes 5 MB: either names the 5 MB.
    expect(body.error).toMatchObject({ code: 'unprocessable', details: { file: expect.stringMatching(/larger than 5 MB|images: at most 5 MB/) } });
    await waitFor(async () => (await filesUnder(dataDir)).length === 0);
  });

  it('a raw socket that keeps sending past the cap is answered 422 while it sends, then its connection is closed', async () => {
    const post = await createTestPost(api.runtime, member.memberId);
    const boundary = 'lpsboundary';
    const socket = net.connect(Number(new URL(api.baseUrl).port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    let answer = '';
    let closedByServer = false;
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('close', () => (closedByServer = true));
    socket.on('error', () => (closedByServer = true));
    socket.write(
      `POST ${new URL(uploadUrl(post.id)).pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${member.auth}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    const chunked = (data: Buffer) => Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
    socket.write(chunked(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`)));
    socket.write(chunked(await png()));

    // Keep sending (never the closing boundary) at a steady pace until the server closes: 64 KiB every
    // 5 ms, at most 4,000 chunks (over 20 s, far beyond the server's grace).
    const filler = chunked(Buffer.alloc(64 * 1024, 9));
    const MAX_CHUNKS = 4_000;
    let chunks = 0;
    let chunksWhenAnswered = -1;
    while (!closedByServer && chunks < MAX_CHUNKS) {
      if (chunksWhenAnswered < 0 && answer.includes('\r\n\r\n')) chunksWhenAnswered = chunks;
      socket.write(filler);
      chunks += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await waitFor(() => closedByServer);
    expect(answer).toMatch(/^HTTP\/1\.1 422 /);
    const json = JSON.parse(
      answer
        .slice(answer.indexOf('\r\n\r\n') + 4)
        .replace(/^[0-9a-f]+\r\n/, '')
        .split('\r\n')[0] ?? '{}',
    );
    expect(json.error).toMatchObject({ code: 'unprocessable', details: { file: expect.stringMatching(/larger than 5 MB/) } });
    // Answered while the client was still sending, and cut off before it sent everything it wanted to.
    expect(chunksWhenAnswered).toBeGreaterThanOrEqual(0);
    expect(chunks).toBeLessThan(MAX_CHUNKS);
    socket.destroy();
    await waitFor(async () => (await filesUnder(dataDir)).length === 0);
    // The API is still answering others.
    expect((await fetch(`${api.baseUrl}/health`)).status).toBe(200);
  });

  it('an image_url whose server streams forever is cut at the cap: 422 and the download closed', async () => {
    const post = await createTestPost(api.runtime, member.memberId);
    const response = await fetch(uploadUrl(post.id), {
      method: 'POST',
      headers: { authorization: member.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ image_url: `${endless.url}/forever.png` }),
    });
    const body = (await response.json()) as { error: { code: string; details: Record<string, string> } };
    expect(response.status).toBe(422);
    expect(body.error.details.image_url).toMatch(/larger than 5 MB/);
    await waitFor(() => endlessClosed === 1);
    await waitFor(async () => (await filesUnder(dataDir)).length === 0);
  });
});
