import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { loadRedisSettings } from '@lps/config';
import { RedisSandboxStore, type SandboxPost } from '@lps/network';
import { connectRedis, type RedisClient } from '@lps/queue';
import { databaseUrlFor, dropDatabaseNamed, mp4File, startLoopbackServer, type LoopbackServer } from '@lps/testing';
import { freePort, runLpsCli, startInShell, userEnvironment, waitForHealth, type StartedService } from './support/user-session.js';
import { download } from './support/url-walker.js';
import { DocumentValidator } from '../../api/test/support/openapi-validator.js';

// What members post, from a user's side (issue 27): the service started as the
// README says (`npm start`, defaults: sandbox network, builtin AI, `.data`),
// driven with fetch and FormData, every answer checked against the served
// OpenAPI document, and what the simulated network received read back from it.
// Only the port, a database and Redis prefix of its own, and private URLs (the
// pages linked to are on loopback) differ from the defaults.

const databaseName = `lps_journey_content_${process.pid}_${randomBytes(3).toString('hex')}`;
const redisPrefix = `journeycontent${process.pid}`;
let baseUrl: string;
let service: StartedService;
let pages: LoopbackServer;
let redis: RedisClient;
let sandbox: RedisSandboxStore;
let validator: DocumentValidator;
let apiKey: string;
const outsideDocument: string[] = [];

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}/api/v1`;
  const cardImage = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2d6a4f' } })
    .png()
    .toBuffer();
  pages = await startLoopbackServer((req, res) => {
    if (req.url === '/card.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(cardImage);
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        '<!doctype html><html><head><title>Fallback</title>' +
          '<meta property="og:title" content="A year of trunk-based development">' +
          '<meta property="og:description" content="What changed, and what did not.">' +
          '<meta property="og:image" content="/card.png"></head><body>…</body></html>',
      );
  });
  const env = userEnvironment({ PORT: String(port), DATABASE_URL: databaseUrlFor(databaseName), LPS_REDIS_PREFIX: redisPrefix, LPS_ALLOW_PRIVATE_URLS: '1' });
  service = startInShell('npm start', env);
  await waitForHealth(baseUrl, service);
  validator = await DocumentValidator.load(baseUrl);
  apiKey = JSON.parse(runLpsCli(['member', 'create', '--name', 'Grace Hopper', '--json'], env)).api_key;
  redis = await connectRedis(loadRedisSettings(env), 'command', 'journey-content');
  sandbox = new RedisSandboxStore(redis, redisPrefix);
}, 240_000);

afterAll(async () => {
  await service?.interrupt();
  redis?.disconnect();
  await pages?.close();
  await dropDatabaseNamed(databaseName);
});

/** One API call with the member's key; the answer must be one the served document describes. */
async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const isForm = body instanceof FormData;
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const text = await response.text();
  outsideDocument.push(...validator.problems({ method, path, status: response.status, contentType: response.headers.get('content-type') ?? undefined, text }));
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Publishes on request and returns the post as the sandbox network holds it. */
async function publishAndRead(postId: string): Promise<SandboxPost> {
  expect((await call('POST', `/posts/${postId}/publish`)).status).toBe(202);
  const published = await until(`post ${postId} published`, async () => {
    const { json } = await call('GET', `/posts/${postId}`);
    if (json.post.status === 'failed') throw new Error(`publication failed: ${json.post.last_error}`);
    return json.post.status === 'published' ? json.post : undefined;
  });
  const onNetwork = (await sandbox.listPosts()).find((entry) => entry.urn === published.network_post_urn);
  if (!onNetwork) throw new Error(`${published.network_post_urn} is not on the sandbox network`);
  return onNetwork;
}

describe('posting what members post, with `npm start` and its defaults', () => {
  it('a post with a link: the card is visible before publishing, its image downloads, and the network gets the card', async () => {
    const created = await call('POST', '/posts', { idea: 'What a year of trunk-based development taught our team' });
    expect(created.status).toBe(201);
    const id = created.json.post.id;
    const link = `${pages.url}/trunk-based`;
    const saved = await call('PATCH', `/posts/${id}`, { body: `One year in, here is what we learned: ${link}` });
    expect(saved.status).toBe(200);
    expect(saved.json.post.link_preview).toMatchObject({ url: link, status: 'pending' });
    const card = await until('the link card', async () => {
      const preview = (await call('GET', `/posts/${id}`)).json.post.link_preview;
      return preview.status === 'pending' ? undefined : preview;
    });
    expect(card).toMatchObject({ status: 'ready', title: 'A year of trunk-based development', description: 'What changed, and what did not.' });
    const thumbnail = await download(card.image_url);
    expect([thumbnail.status, thumbnail.contentType]).toEqual([200, 'image/jpeg']);
    expect((await sharp(thumbnail.bytes).metadata()).width).toBe(1200);

    const onNetwork = await publishAndRead(id);
    expect(onNetwork.article).toMatchObject({ source: link, title: 'A year of trunk-based development', description: 'What changed, and what did not.' });
    expect(onNetwork.article?.thumbnail).toMatch(/^urn:li:image:/);
    expect(onNetwork.media).toBeNull();
  });

  it('a document: a PDF uploaded with FormData goes out as a document titled from its file name', async () => {
    const created = await call('POST', '/posts', { idea: 'Our incident review template, shared' });
    const id = created.json.post.id;
    const document = await PDFDocument.create();
    for (let page = 0; page < 3; page += 1) document.addPage([1080, 1350]);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(await document.save())], { type: 'application/pdf' }), 'incident-review-template.pdf');
    const uploaded = await call('POST', `/posts/${id}/images/upload`, form);
    expect(uploaded.status).toBe(201);
    const stored = await download(uploaded.json.image_url);
    expect([stored.status, stored.contentType]).toEqual([200, 'application/pdf']);
    expect((await call('GET', `/posts/${id}`)).json.post.format).toBe('document');

    const onNetwork = await publishAndRead(id);
    expect(onNetwork.media).toMatchObject({ kind: 'document', urn: expect.stringMatching(/^urn:li:document:/), title: 'incident-review-template.pdf' });
    expect(onNetwork.article).toBeUndefined();
  });

  it('a video: an MP4 uploaded with FormData becomes a video post, downloads as video/mp4, and goes out once LinkedIn has processed it', async () => {
    const created = await call('POST', '/posts', { idea: 'Ten seconds of our deploy pipeline' });
    const id = created.json.post.id;
    const clip = mp4File();
    const form = new FormData();
    form.append('file', new Blob([clip], { type: 'video/mp4' }), 'pipeline.mp4');
    const uploaded = await call('POST', `/posts/${id}/images/upload`, form);
    expect(uploaded.status).toBe(201);
    expect(uploaded.json.candidates[0]).toMatchObject({ kind: 'video' });
    const stored = await download(uploaded.json.image_url);
    expect([stored.status, stored.contentType, stored.bytes.equals(clip)]).toEqual([200, 'video/mp4', true]);
    expect((await call('GET', `/posts/${id}`)).json.post.format).toBe('video');

    const onNetwork = await publishAndRead(id);
    expect(onNetwork.media).toMatchObject({ kind: 'video', urn: expect.stringMatching(/^urn:li:video:/) });
    expect(onNetwork.article).toBeUndefined();
  });

  it('three images with alt text: uploaded with FormData, chosen in order, published as a multi-image post with each alt text', async () => {
    const created = await call('POST', '/posts', { idea: 'Three charts from our migration to trunk-based development' });
    const id = created.json.post.id;
    const uploadedUrls: string[] = [];
    for (const [index, colour] of ['#1b4332', '#40916c', '#95d5b2'].entries()) {
      const picture = await sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('alt_text', `Chart ${index + 1}: lead time per week`);
      form.append('file', new Blob([picture], { type: 'image/png' }), `chart-${index + 1}.png`);
      const uploaded = await call('POST', `/posts/${id}/images/upload`, form);
      expect(uploaded.status).toBe(201);
      uploadedUrls.push(uploaded.json.image_url);
    }
    const chosen = await call('POST', `/posts/${id}/select-image`, {
      images: [{ image_url: uploadedUrls[2] }, { image_url: uploadedUrls[0], alt_text: 'Chart 1, redrawn: lead time fell from 9 to 2 days' }, { image_url: uploadedUrls[1] }],
      // Charts speak for themselves: no hook drawn over the first one.
      use_overlay: false,
    });
    expect(chosen.status).toBe(200);
    expect(chosen.json.post.image_url).toBe(uploadedUrls[2]);
    for (const image of chosen.json.post.images) expect((await download(image.image_url)).status).toBe(200);

    const onNetwork = await publishAndRead(id);
    expect(onNetwork.media).toBeNull();
    expect(onNetwork.images?.map((image) => image.altText)).toEqual([
      'Chart 3: lead time per week',
      'Chart 1, redrawn: lead time fell from 9 to 2 days',
      'Chart 2: lead time per week',
    ]);
    expect(new Set(onNetwork.images?.map((image) => image.urn)).size).toBe(3);
  });

  it('got only answers the served OpenAPI document describes', () => {
    expect(outsideDocument).toEqual([]);
  });
});
