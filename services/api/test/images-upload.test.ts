import http from 'node:http';
import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import supertest from 'supertest';
import { createGuardedClient } from '@lps/outbound';
import { createTestMember, createTestPost, hugePng, startLoopbackServer, type LoopbackServer, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';
import { filesUnder, jpeg, padded, pdf, png } from './support/image-fixtures.js';

const MB = 1024 * 1024;
let api: TestApi;
let guardedApi: TestApi;
let member: TestMember;
let dataDir: string;
let remote: LoopbackServer;
let remoteHits: string[];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lps-upload-'));
  remoteHits = [];
  remote = await startLoopbackServer(async (req, res) => {
    remoteHits.push(req.url ?? '');
    if (req.url === '/photo.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(await png(800, 600));
    } else if (req.url === '/deck.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(await pdf(3));
    } else if (req.url === '/huge.png') {
      // No Content-Length: the cap must hold while streaming.
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(await png(8, 8));
      for (let sent = 0; sent < 6 * MB; sent += 256 * 1024) res.write(Buffer.alloc(256 * 1024, 1));
      res.end();
    } else if (req.url === '/slow.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write((await png(8, 8)).subarray(0, 16));
      // never finishes: the fetch time-out must end it
    } else if (req.url === '/drip.png') {
      // A byte every 500 ms: never silent for the 2 s time-out, far behind the pace once the grace is over.
      res.writeHead(200, { 'content-type': 'image/png' });
      const head = (await png(8, 8)).subarray(0, 16);
      res.write(head);
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(Buffer.alloc(1))), 500);
      res.once('close', () => clearInterval(timer));
    } else if (req.url === '/long.png') {
      // 3 MB over about 3 s: longer than the 2 s LPS_UPLOAD_FETCH_TIMEOUT, at a pace far above the floor.
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(await png(800, 600));
      for (let chunk = 0; chunk < 12; chunk += 1) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        res.write(Buffer.alloc(256 * 1024, 0));
      }
      res.end();
    } else if (req.url === '/to-loopback') {
      res.writeHead(302, { location: `http://127.0.0.1:${remote.port}/photo.png` });
      res.end();
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('nope');
    }
  });
  api = await startTestApi({ LPS_DATA_DIR: dataDir, LPS_ALLOW_PRIVATE_URLS: '1', LPS_UPLOAD_FETCH_TIMEOUT: '2' }, undefined, { imageService: true });
  member = await createTestMember(api.runtime);
  // The guard as production runs it (private addresses refused); a public-looking literal is routed to the
  // loopback server by the agent, so the redirect to 127.0.0.1 is what the guard has to catch.
  const agent = new http.Agent();
  agent.createConnection = (_options, callback) => net.createConnection({ host: '127.0.0.1', port: remote.port }, () => callback?.(null, undefined as never)) as never;
  guardedApi = await startTestApi(
    { LPS_DATA_DIR: dataDir },
    { uploadClient: createGuardedClient({ allowPrivate: false, timeoutMs: 5_000, maxRedirects: 3 }).extend({ agent: { http: agent } }) },
  );
});
afterAll(async () => {
  await api.stop();
  await guardedApi.stop();
  await remote.close();
  await rm(dataDir, { recursive: true, force: true });
});

const newPost = async (overrides = {}) => createTestPost(api.runtime, member.memberId, overrides);
const upload = (postId: string, file: Buffer, name = 'upload.bin', type = 'application/octet-stream') =>
  api.http.post(`/posts/${postId}/images/upload`).set('Authorization', member.auth).attach('file', file, { filename: name, contentType: type });

describe('POST /posts/{id}/images/upload (multipart)', () => {
  it('stores a PNG with fitted 1200×1200 and 1200×627 variants; the post becomes an image post', async () => {
    const post = await newPost();
    const response = await upload(post.id, await png(), 'photo.png', 'image/png');
    expect(response.status).toBe(201);
    expect(response.body.candidates.map((c: { width: number; height: number; kind: string }) => [c.width, c.height, c.kind])).toEqual([
      [640, 480, 'image'],
      [1200, 1200, 'image'],
      [1200, 627, 'image'],
    ]);
    expect(response.body.image_url).toBe(response.body.candidates[0].base_url);
    const { body } = await api.http.get(`/posts/${post.id}`).set('Authorization', member.auth);
    expect(body.post).toMatchObject({ image_url: response.body.image_url, format: 'image', image_candidates: response.body.candidates });
    const served = await supertest(api.baseUrl.replace('/api/v1', '')).get(new URL(response.body.candidates[2].base_url).pathname);
    expect([served.status, served.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await sharp(served.body as Buffer).metadata()).width).toBe(1200);
  });

  it('serves the original without its EXIF (the camera’s location), turned the way the camera meant', async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#884422' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await upload((await newPost()).id, photo, 'holiday.jpg', 'image/jpeg');
    expect(response.status).toBe(201);
    // Orientation 6: a 640×480 sensor image shown 480×640.
    expect([response.body.candidates[0].width, response.body.candidates[0].height]).toEqual([480, 640]);
    const served = await supertest(api.baseUrl.replace('/api/v1', '')).get(new URL(response.body.image_url).pathname).buffer(true);
    expect(served.status).toBe(200);
    const meta = await sharp(served.body as Buffer).metadata();
    expect([meta.exif, meta.orientation, meta.width, meta.height]).toEqual([undefined, undefined, 480, 640]);
    expect((served.body as Buffer).includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('serves files so nothing in them can run on the API’s origin: CSP sandbox, nosniff, PDFs as downloads', async () => {
    const image = await upload((await newPost()).id, await png(), 'photo.png', 'image/png');
    const document = await upload((await newPost()).id, await pdf(1), 'deck.pdf', 'application/pdf');
    const files = supertest(api.baseUrl.replace('/api/v1', ''));
    const servedImage = await files.get(new URL(image.body.image_url).pathname);
    const servedPdf = await files.get(new URL(document.body.image_url).pathname);
    for (const served of [servedImage, servedPdf]) {
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(servedImage.headers['content-disposition']).toMatch(/^inline; filename="[\w.-]+\.png"$/);
    expect(servedPdf.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+\.pdf"$/);
  });

  it('accepts a JPEG whatever its declared name and type', async () => {
    const response = await upload((await newPost()).id, await jpeg(), 'not-a-jpeg.txt', 'text/plain');
    expect(response.status).toBe(201);
    expect(response.body.image_url).toMatch(/\.jpg$/);
  });

  it('stores a PDF as one document candidate; the post becomes a document post', async () => {
    const post = await newPost();
    const response = await upload(post.id, await pdf(3), 'deck.pdf', 'application/pdf');
    expect(response.status).toBe(201);
    expect(response.body.candidates).toEqual([{ base_url: response.body.image_url, width: 1080, height: 1350, kind: 'document', source: 'upload', title: 'deck.pdf' }]);
    const { body } = await api.http.get(`/posts/${post.id}`).set('Authorization', member.auth);
    expect(body.post.format).toBe('document');
  });

  it.each([
    ['a plain name', 'Q3 results.pdf', 'Q3 results.pdf'],
    ['UTF-8', 'Résumé – 2026 ✓.pdf', 'Résumé – 2026 ✓.pdf'],
    ['path parts', '../../etc/reports/deck.pdf', 'deck.pdf'],
    ['Windows path parts', 'C:\\Users\\ada\\deck.pdf', 'deck.pdf'],
    ['a right-to-left override', 'invoice\u202Efdp.exe', 'invoice fdp.exe'],
    ['10 KB', `${'x'.repeat(10_240)}.pdf`, `${'x'.repeat(99)}…`],
  ])("keeps an uploaded PDF's own name as its LinkedIn title, made safe: %s", async (_case, name, title) => {
    const post = await newPost();
    const response = await upload(post.id, await pdf(1), name, 'application/pdf');
    expect(response.status).toBe(201);
    expect(response.body.candidates[0].title).toBe(title);
    expect(response.body.image_url).toMatch(/\/upload-[0-9a-f-]{36}\.pdf$/);
  });

  // The multipart parser itself refuses control characters in a header (422, no file); either way no 5xx and no such title.
  it.each([
    ['only dots', '...'],
    ['only a path', 'reports/'],
    ['a NUL', 'a\u0000b.pdf'],
    ['control characters', 'tab\there\u0007bell.pdf'],
  ])('a PDF named with %s: never a 5xx, never a title with it', async (_case, name) => {
    const post = await newPost();
    const response = await upload(post.id, await pdf(1), name, 'application/pdf');
    expect(response.status).toBeLessThan(500);
    // eslint-disable-next-line no-control-regex -- the title must hold no control character: matching them is the point
    if (response.status === 201) expect(response.body.candidates[0].title ?? '').not.toMatch(/[\u0000-\u001f/]|^\.+$/);
  });

  const rejected: Array<[string, () => Promise<Buffer>, string, RegExp]> = [
    ['a text file renamed to .png', async () => Buffer.from('hello, I am text\n'.repeat(50)), 'photo.png', /not a JPEG, PNG, PDF or MP4 video/],
    ['a PNG header (all of IHDR) followed by garbage', async () => padded((await png()).subarray(0, 33), 4096), 'broken.png', /cannot be decoded/],
    ['an image of 5 MB + 1 byte', async () => padded(await png(), 5 * MB + 1), 'big.png', /larger than 5 MB/],
    ['a PDF of 10 MB + 1 byte', async () => padded(Buffer.from('%PDF-1.7\n'), 10 * MB + 1), 'big.pdf', /larger than 10 MB/],
    ['a 0-byte file', async () => Buffer.alloc(0), 'empty.png', /empty/],
    ['a PDF that does not parse', async () => padded(Buffer.from('%PDF-1.7\n'), 5000), 'bad.pdf', /cannot be parsed/],
  ];
  it.each(rejected)('answers 422 unprocessable for %s and leaves no file behind', async (_label, make, name, message) => {
    const post = await newPost();
    const before = await filesUnder(dataDir);
    const response = await upload(post.id, await make(), name);
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'unprocessable', details: { file: expect.stringMatching(message) } });
    expect(await filesUnder(dataDir)).toEqual(before);
    const { body } = await api.http.get(`/posts/${post.id}`).set('Authorization', member.auth);
    expect(body.post.image_url).toBeNull();
  });

  it('refuses a small file of more pixels than LinkedIn accepts with 422 before decoding it, keeping nothing', async () => {
    const post = await newPost();
    const file = await hugePng(16_000, 16_000);
    expect(file.length).toBeLessThan(MB);
    expect(await sharp(file).metadata()).toMatchObject({ width: 16_000, height: 16_000, format: 'png' });
    const before = await filesUnder(dataDir);
    const response = await upload(post.id, file, 'huge.png', 'image/png');
    expect([response.status, response.body.error.code]).toEqual([422, 'unprocessable']);
    expect(response.body.error.details.file).toMatch(/256,000,000 pixels; LinkedIn accepts at most 36,152,320/);
    expect(await filesUnder(dataDir)).toEqual(before);
    // One pixel row over the limit is refused as well; the limit itself is LinkedIn's.
    const justOver = await upload(post.id, await hugePng(6_026, 6_000), 'over.png', 'image/png');
    expect(justOver.status).toBe(422);
    expect(justOver.body.error.details.file).toMatch(/36,156,000 pixels/);
  });

  it('answers 422 validation_error when the file field is missing', async () => {
    const post = await newPost();
    const response = await api.http.post(`/posts/${post.id}/images/upload`).set('Authorization', member.auth).field('other', 'x');
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('validation_error');
  });

  it("answers 404 for another member's post and 409 for a published one, keeping no file", async () => {
    const stranger = await createTestMember(api.runtime);
    const theirs = await createTestPost(api.runtime, stranger.memberId);
    const before = await filesUnder(dataDir);
    expect((await upload(theirs.id, await png())).status).toBe(404);
    expect((await upload((await newPost({ status: 'published' })).id, await png())).status).toBe(409);
    expect(await filesUnder(dataDir)).toEqual(before);
  });
});

describe('POST /posts/{id}/images/upload (JSON image_url)', () => {
  const fromUrl = (postId: string, url: string, target = api) => target.http.post(`/posts/${postId}/images/upload`).set('Authorization', member.auth).send({ image_url: url });

  it('fetches an image and a PDF from a URL', async () => {
    const image = await fromUrl((await newPost()).id, `${remote.url}/photo.png`);
    expect(image.status).toBe(201);
    expect(image.body.candidates).toHaveLength(3);
    const document = await fromUrl((await newPost()).id, `${remote.url}/deck.pdf`);
    expect(document.status).toBe(201);
    expect(document.body.candidates[0]).toMatchObject({ kind: 'document', title: 'deck.pdf' });
  });

  const failures: Array<[string, string, RegExp]> = [
    ['answers 404', '/missing.png', /HTTP 404/],
    ['is larger than 5 MB', '/huge.png', /larger than 5 MB/],
    ['is too slow', '/slow.png', /in time|could not be fetched|too slowly/],
    ['drips its bytes', '/drip.png', /too slowly/],
  ];

  it('fetches a file that takes longer than LPS_UPLOAD_FETCH_TIMEOUT while it keeps the pace (a large video from a fast server)', async () => {
    const started = Date.now();
    const image = await fromUrl((await newPost()).id, `${remote.url}/long.png`);
    expect(Date.now() - started).toBeGreaterThan(2_000);
    expect(image.status).toBe(201);
  });
  it.each(failures)('answers 422 when the URL %s, leaving no file', async (_label, path, message) => {
    const before = await filesUnder(dataDir);
    const response = await fromUrl((await newPost()).id, `${remote.url}${path}`);
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'unprocessable', details: { image_url: expect.stringMatching(message) } });
    expect(await filesUnder(dataDir)).toEqual(before);
  });

  it('refuses a redirect to 127.0.0.1 with the outbound guard on, never fetching the target', async () => {
    const post = await createTestPost(guardedApi.runtime, (await createTestMember(guardedApi.runtime)).memberId);
    const owner = await guardedApi.runtime.db.apiKey.findFirstOrThrow({ where: { memberId: post.memberId } });
    expect(owner).toBeTruthy();
    remoteHits = [];
    const guardedMember = await createTestMember(guardedApi.runtime);
    const guardedPost = await createTestPost(guardedApi.runtime, guardedMember.memberId);
    const response = await guardedApi.http
      .post(`/posts/${guardedPost.id}/images/upload`)
      .set('Authorization', guardedMember.auth)
      .send({ image_url: 'http://93.184.216.34/to-loopback' });
    expect(response.status).toBe(422);
    expect(response.body.error.details.image_url).toMatch(/private or local address/);
    expect(remoteHits).toEqual(['/to-loopback']);
  });

  it('answers 422 validation_error for a body with neither shape', async () => {
    const response = await api.http
      .post(`/posts/${(await newPost()).id}/images/upload`)
      .set('Authorization', member.auth)
      .send({ url: 'x' });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('validation_error');
  });
});
