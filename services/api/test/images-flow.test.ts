import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import supertest from 'supertest';
import { startImageService } from '@lps/image';
import type { RunningService } from '@lps/runtime';
import { createTestMember, createTestPost, waitFor, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';
import { png } from './support/image-fixtures.js';

let api: TestApi;
let worker: RunningService;
let member: TestMember;
let dataDir: string;
let files: ReturnType<typeof supertest>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lps-images-flow-'));
  api = await startTestApi({ LPS_DATA_DIR: dataDir });
  worker = await startImageService(api.runtime);
  member = await createTestMember(api.runtime, { displayName: 'Ada Lovelace' });
  files = supertest(api.baseUrl.replace('/api/v1', ''));
});
afterAll(async () => {
  await worker.stop();
  await api.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const as = (path: string) => api.http.post(path).set('Authorization', member.auth);
const getPost = async (id: string) => (await api.http.get(`/posts/${id}`).set('Authorization', member.auth)).body.post;
/** Fetches one of our file URLs from the API that serves it (the stored URL names the configured public base). */
const fetchFile = async (url: string) =>
  files
    .get(new URL(url).pathname)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

/** The overlay files stored for a post. */
const overlayFiles = async (postId: string) =>
  (await readdir(join(dataDir, 'files', member.memberId, postId)).catch(() => [] as string[])).filter((name) => name.startsWith('overlay-')).sort();

describe('images end to end: POST /images → poll → candidates → select', () => {
  it('draws an overlay on a 6,000-pixel upload at LinkedIn’s 1200 px, once, however many ask for it at the same time', async () => {
    const post = await createTestPost(api.runtime, member.memberId, { body: 'Big pictures, small overlays.' });
    const big = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#226688' } })
      .png()
      .toBuffer();
    const uploaded = await api.http
      .post(`/posts/${post.id}/images/upload`)
      .set('Authorization', member.auth)
      .attach('file', big, { filename: 'big.png', contentType: 'image/png' });
    expect(uploaded.status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 20 }, () => as(`/posts/${post.id}/select-image`).send({ image_index: 0, use_overlay: true })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.body.post.image_url)).size).toBe(1);
    expect(await overlayFiles(post.id)).toHaveLength(1);
    const drawn = await sharp((await fetchFile(answers[0]?.body.post.image_url)).body as Buffer).metadata();
    expect([drawn.width, drawn.height]).toEqual([1200, 800]);
  });

  it('generates candidates, returns the post to draft_saved, and selecting one with an overlay approves it', async () => {
    const post = await createTestPost(api.runtime, member.memberId, { body: 'We cut our deploy time in half — über 中文 🚀\n\nSplit the suite.\nCache everything.' });
    const accepted = await as(`/posts/${post.id}/images`).send({ scene: 'sunrise over the harbour' });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ status: 'generating_images', poll: `/api/v1/posts/${post.id}`, post: { status: 'generating_images' } });

    const again = await as(`/posts/${post.id}/images`).send({});
    expect(again.status).toBe(409);

    const ready = await waitFor(
      async () => {
        const current = await getPost(post.id);
        return current.image_candidates && current.status !== 'generating_images' ? current : undefined;
      },
      { timeoutMs: 60_000, what: 'image candidates' },
    );
    expect(ready.status).toBe('draft_saved');
    expect(ready.image_candidates).toHaveLength(9);
    const first = ready.image_candidates[0];
    const source = await fetchFile(first.base_url);
    expect(source.status).toBe(200);
    expect(source.headers['content-type']).toBe('image/png');

    // A generated design already shows the hook: the default overlay draws no second copy (decision 0022).
    const design = await as(`/posts/${post.id}/select-image`).send({ image_index: 0 });
    expect(design.status).toBe(200);
    expect(design.body.post).toMatchObject({ status: 'approved', format: 'image', image_url: first.base_url });
    expect(await overlayFiles(post.id)).toEqual([]);

    // A picture without text of its own gets the hook drawn over it, in a file of its own.
    const uploaded = await api.http
      .post(`/posts/${post.id}/images/upload`)
      .set('Authorization', member.auth)
      .attach('file', await png(800, 600), { filename: 'plain.png', contentType: 'image/png' });
    expect(uploaded.status).toBe(201);
    const plain = await fetchFile(uploaded.body.image_url);
    const selected = await as(`/posts/${post.id}/select-image`).send({ image_url: uploaded.body.image_url });
    expect(selected.status).toBe(200);
    expect(selected.body.post.image_url).not.toBe(uploaded.body.image_url);
    const overlay = await fetchFile(selected.body.post.image_url);
    expect(overlay.status).toBe(200);
    const [before, after] = [await sharp(plain.body as Buffer).metadata(), await sharp(overlay.body as Buffer).metadata()];
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    expect((overlay.body as Buffer).equals(plain.body as Buffer)).toBe(false);

    // The same image with the same hook again: the overlay already made is reused, not drawn and stored anew.
    const overlaysBefore = await overlayFiles(post.id);
    const reselected = await as(`/posts/${post.id}/select-image`).send({ image_url: uploaded.body.image_url });
    expect(reselected.body.post.image_url).toBe(selected.body.post.image_url);
    expect(await overlayFiles(post.id)).toEqual(overlaysBefore);

    const documentIndex = ready.image_candidates.findIndex((candidate: { kind: string }) => candidate.kind === 'document');
    const asDocument = await as(`/posts/${post.id}/select-image`).send({ image_index: documentIndex, use_overlay: true });
    expect(asDocument.body.post).toMatchObject({ format: 'document', image_url: ready.image_candidates[documentIndex].base_url });
    const pdf = await fetchFile(asDocument.body.post.image_url);
    expect([pdf.status, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    // The document replaced the overlay: nothing points at the overlay any more, so it is gone.
    expect(await overlayFiles(post.id)).toEqual([]);
    expect((await fetchFile(selected.body.post.image_url)).status).toBe(404);
  });

  it('deleting a post deletes its files: every URL it handed out answers 404 afterwards', async () => {
    const post = await createTestPost(api.runtime, member.memberId, { body: 'Short-lived post.' });
    const uploaded = await api.http
      .post(`/posts/${post.id}/images/upload`)
      .set('Authorization', member.auth)
      .attach('file', await png(800, 600), { filename: 'p.png', contentType: 'image/png' });
    expect(uploaded.status).toBe(201);
    const selected = await as(`/posts/${post.id}/select-image`).send({ image_index: 1, use_overlay: true });
    const urls = [...uploaded.body.candidates.map((candidate: { base_url: string }) => candidate.base_url), selected.body.post.image_url];
    for (const url of urls) expect((await fetchFile(url)).status).toBe(200);

    expect((await api.http.delete(`/posts/${post.id}`).set('Authorization', member.auth)).status).toBe(204);
    await waitFor(async () => (await readdir(join(dataDir, 'files', member.memberId, post.id)).catch(() => null)) === null, { timeoutMs: 20_000, what: 'the post folder removed' });
    for (const url of urls) expect([url, (await fetchFile(url)).status]).toEqual([url, 404]);
  });
});

describe('select-image rules', () => {
  it('selects by URL without overlay, keeping the exact file', async () => {
    const post = await createTestPost(api.runtime, member.memberId);
    const uploaded = await as(`/posts/${post.id}/images/upload`).attach('file', await png(), 'a.png');
    const response = await as(`/posts/${post.id}/select-image`).send({ image_url: uploaded.body.candidates[1].base_url, use_overlay: false });
    expect(response.status).toBe(200);
    expect(response.body.post.image_url).toBe(uploaded.body.candidates[1].base_url);
  });

  it.each([
    ['both image_url and image_index', { image_url: 'http://127.0.0.1/x.png', image_index: 0 }, 'validation_error'],
    ['neither', { use_overlay: false }, 'validation_error'],
    ['an index out of range', { image_index: 99 }, 'unprocessable'],
    ['a URL the post does not know', { image_url: 'https://example.com/other.png' }, 'unprocessable'],
  ])('answers 422 for %s', async (_label, body, code) => {
    const post = await createTestPost(api.runtime, member.memberId);
    const response = await as(`/posts/${post.id}/select-image`).send(body);
    expect([response.status, response.body.error.code]).toEqual([422, code]);
  });

  it('answers 409 on a published post for images, upload and select-image', async () => {
    const post = await createTestPost(api.runtime, member.memberId, { status: 'published' });
    expect((await as(`/posts/${post.id}/images`).send({})).status).toBe(409);
    expect((await as(`/posts/${post.id}/images/upload`).attach('file', await png(), 'a.png')).status).toBe(409);
    expect((await as(`/posts/${post.id}/select-image`).send({ image_index: 0 })).status).toBe(409);
  });

  it('serves no directory listing and nothing outside the store', async () => {
    expect((await files.get(`/files/${member.memberId}`)).status).toBe(404);
    expect((await files.get('/files/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });
});
