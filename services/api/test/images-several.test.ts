import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImageCandidate } from '@lps/db';
import { startImageService } from '@lps/image';
import type { RunningService } from '@lps/runtime';
import { createTestMember, createTestPost, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';
import { pdf, png } from './support/image-fixtures.js';

// Several images per post and their alt text (decision 0022), through the real API (responses checked
// against our OpenAPI document) and the image service for uploads.
let api: TestApi;
let worker: RunningService;
let ada: TestMember;
let bob: TestMember;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lps-images-several-'));
  api = await startTestApi({ LPS_DATA_DIR: dataDir });
  worker = await startImageService(api.runtime);
  ada = await createTestMember(api.runtime, { displayName: 'Ada' });
  bob = await createTestMember(api.runtime, { displayName: 'Bob' });
});
afterAll(async () => {
  await worker.stop();
  await api.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const candidate = (n: number, extra: Partial<ImageCandidate> = {}): ImageCandidate => ({
  base_url: `https://files.example.test/c${n}.png`,
  width: 1200,
  height: 1200,
  kind: 'image',
  source: 'generated',
  ...extra,
});

/** A post with `count` image candidates (the first two with a design's alt text) and one document. */
const postWithCandidates = (count = 22) =>
  createTestPost(api.runtime, ada.memberId, {
    imageCandidates: [
      ...Array.from({ length: count }, (_, n) => candidate(n, n < 2 ? { alt_text: `Quote card ${n}`, shows_text: 'We cut our deploy time in half.' } : {})),
      { base_url: 'https://files.example.test/deck.pdf', width: 1080, height: 1350, kind: 'document', source: 'generated' },
    ],
  });

const select = (id: string, body: object, who = ada) => api.http.post(`/posts/${id}/select-image`).set('Authorization', who.auth).send(body);
const patch = (id: string, body: object, who = ada) => api.http.patch(`/posts/${id}`).set('Authorization', who.auth).send(body);
const urls = (post: { images: { image_url: string }[] }) => post.images.map((image) => image.image_url);
const url = (n: number) => candidate(n).base_url;

describe('select-image with several images', () => {
  it("makes 2–20 candidates the post's images in order; image_url is the first; alt text given, else the candidate's own", async () => {
    const post = await postWithCandidates();
    const answer = await select(post.id, { images: [{ image_index: 2, alt_text: 'Our team at the whiteboard' }, { image_url: url(0) }, { image_index: 3 }], use_overlay: false });
    expect(answer.status).toBe(200);
    expect(answer.body.post).toMatchObject({ status: 'approved', format: 'image', image_url: url(2) });
    expect(answer.body.post.images).toEqual([
      { image_url: url(2), alt_text: 'Our team at the whiteboard' },
      { image_url: url(0), alt_text: 'Quote card 0' },
      { image_url: url(3), alt_text: null },
    ]);
    const twenty = await select(post.id, { images: Array.from({ length: 20 }, (_, n) => ({ image_index: n })), use_overlay: false });
    expect([twenty.status, twenty.body.post.images.length]).toEqual([200, 20]);
  });

  it('refuses 1 or 21 images, a document among them, the same image twice, an unknown one (422, nothing changed)', async () => {
    const post = await postWithCandidates();
    const answers = await Promise.all([
      select(post.id, { images: [{ image_index: 0 }] }),
      select(post.id, { images: Array.from({ length: 21 }, (_, n) => ({ image_index: n })) }),
      select(post.id, { images: [{ image_index: 0 }, { image_index: 22 }] }),
      select(post.id, { images: [{ image_index: 1 }, { image_url: url(1) }] }),
      select(post.id, { images: [{ image_index: 1 }, { image_url: 'https://elsewhere.test/x.png' }] }),
      select(post.id, { images: [{ image_index: 0 }, { image_index: 1 }], alt_text: 'one for all' }),
      select(post.id, { images: [{ image_index: 0 }, { image_index: 1 }], image_index: 0 }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([422, 422, 422, 422, 422, 422, 422]);
    expect(answers[2]?.body.error.details).toEqual({ 'images.1': 'is a document' });
    expect(answers[4]?.body.error.details).toEqual({ 'images.1': 'unknown to this post' });
    const after = (await api.http.get(`/posts/${post.id}`).set('Authorization', ada.auth)).body.post;
    expect([after.image_url, after.images]).toEqual([null, []]);
  });

  it('a single selection takes alt_text too; a document has no images', async () => {
    const post = await postWithCandidates(3);
    const one = await select(post.id, { image_index: 1, alt_text: 'A chart going down', use_overlay: false });
    expect(one.body.post.images).toEqual([{ image_url: url(1), alt_text: 'A chart going down' }]);
    const deck = await select(post.id, { image_index: 3 });
    expect(deck.body.post).toMatchObject({ format: 'document', image_url: 'https://files.example.test/deck.pdf', images: [] });
  });
});

describe('alt text limits and hostile values', () => {
  it(`takes up to LinkedIn's 4086 characters; one more, control or direction characters, NUL, a number: 422 in the spec's envelope`, async () => {
    const post = await postWithCandidates(3);
    const longest = 'é'.repeat(4086);
    const ok = await select(post.id, { image_index: 0, alt_text: longest, use_overlay: false });
    expect([ok.status, ok.body.post.images[0].alt_text]).toEqual([200, longest]);
    for (const hostile of [`${longest}x`, 'bell \u0007', 'escape \u001b[31m', 'right-to-left \u202E', 'isolate \u2066x\u2069', 'c1 \u0085', 'nul \u0000', 42, ['a']]) {
      const viaSelect = await select(post.id, { image_index: 1, alt_text: hostile, use_overlay: false });
      const viaPatch = await patch(post.id, { images: [{ image_url: url(0), alt_text: hostile }] });
      for (const answer of [viaSelect, viaPatch]) {
        expect([answer.status, answer.body.error?.code]).toEqual([422, 'validation_error']);
        expect(typeof answer.body.error.message).toBe('string');
        expect(Object.keys(answer.body.error.details ?? {}).join()).toMatch(/alt_text/);
      }
    }
    const after = (await api.http.get(`/posts/${post.id}`).set('Authorization', ada.auth)).body.post;
    expect(after.images).toEqual([{ image_url: url(0), alt_text: longest }]);
  });
});

describe('PATCH /posts/{id} images', () => {
  it('reorders, removes, adds candidates and sets or clears alt text; omitted alt text is kept', async () => {
    const post = await postWithCandidates(5);
    await select(post.id, { images: [{ image_index: 0 }, { image_index: 2, alt_text: 'two' }, { image_index: 3, alt_text: 'three' }], use_overlay: false }).expect(200);
    const reordered = await patch(post.id, { images: [{ image_url: url(3) }, { image_url: url(0), alt_text: null }, { image_url: url(4), alt_text: 'four' }] });
    expect(reordered.status).toBe(200);
    expect(reordered.body.post).toMatchObject({ image_url: url(3), status: 'approved' });
    expect(reordered.body.post.images).toEqual([
      { image_url: url(3), alt_text: 'three' },
      { image_url: url(0), alt_text: null },
      { image_url: url(4), alt_text: 'four' },
    ]);
    const single = await patch(post.id, { images: [{ image_url: url(4), alt_text: '' }], body: 'New words.' });
    expect(single.body.post).toMatchObject({ body: 'New words.', image_url: url(4), images: [{ image_url: url(4), alt_text: null }] });
  });

  it('refuses 0 or 21 images, an unknown URL, a document, a published post', async () => {
    const post = await postWithCandidates();
    const answers = await Promise.all([
      patch(post.id, { images: [] }),
      patch(post.id, { images: Array.from({ length: 21 }, (_, n) => ({ image_url: url(n) })) }),
      patch(post.id, { images: [{ image_url: 'https://elsewhere.test/x.png' }] }),
      patch(post.id, { images: [{ image_url: 'https://files.example.test/deck.pdf' }, { image_url: url(0) }] }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([422, 422, 422, 422]);
    const published = await createTestPost(api.runtime, ada.memberId, { status: 'published', imageCandidates: [candidate(0)] });
    expect((await patch(published.id, { images: [{ image_url: url(0) }] })).status).toBe(409);
  });
});

describe('member isolation', () => {
  it("another member's post is 404 to select-image with images and to PATCH images, and stays as it was", async () => {
    const post = await postWithCandidates(3);
    const answers = await Promise.all([
      select(post.id, { images: [{ image_index: 0 }, { image_index: 1 }] }, bob),
      patch(post.id, { images: [{ image_url: url(0), alt_text: 'mine now' }] }, bob),
    ]);
    expect(answers.map((answer) => [answer.status, answer.body.error.code])).toEqual([
      [404, 'not_found'],
      [404, 'not_found'],
    ]);
    expect((await api.http.get(`/posts/${post.id}`).set('Authorization', ada.auth)).body.post.images).toEqual([]);
  });
});

describe("two changes of one post's images at the same moment (decision 0027)", () => {
  it('alt text on one image and a new order, sent together: both succeed, one after the other, and the alt text is never lost', async () => {
    for (let round = 0; round < 12; round += 1) {
      const post = await postWithCandidates(3);
      await select(post.id, { images: [{ image_index: 0 }, { image_index: 1 }], use_overlay: false }).expect(200);
      const [alt, order] = await Promise.all([
        patch(post.id, { images: [{ image_url: url(0), alt_text: `alt ${round}` }, { image_url: url(1) }] }),
        patch(post.id, { images: [{ image_url: url(1) }, { image_url: url(0) }, { image_url: url(2) }] }),
      ]);
      // Neither contradicts the post's state: each is written in its turn, on what the other left.
      expect([alt.status, order.status]).toEqual([200, 200]);
      const final = (await api.http.get(`/posts/${post.id}`).set('Authorization', ada.auth)).body.post;
      const altKept = final.images.find((image: { image_url: string }) => image.image_url === url(0))?.alt_text === `alt ${round}`;
      // PATCH replaces the list, and an omitted alt_text keeps the image's: the state is the order's list with the
      // alt text kept (alt text first), or the alt text's own two images (order first). A lost update would show
      // the order's list without the alt text.
      const orderLast = urls(final).join() === [url(1), url(0), url(2)].join();
      const altLast = urls(final).join() === [url(0), url(1)].join();
      expect([altKept, orderLast || altLast]).toEqual([true, true]);
      // Each answered the post as its own write left it.
      expect(urls(order.body.post).length === 3 && urls(alt.body.post).length === 2).toBe(true);
    }
  });

  it('twenty identical selections at once all succeed: nothing differs, so nothing is lost', async () => {
    const post = await postWithCandidates(3);
    const answers = await Promise.all(Array.from({ length: 20 }, () => select(post.id, { images: [{ image_index: 1 }, { image_index: 0 }], use_overlay: false })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
  });
});

describe('uploads with alt text', () => {
  it("multipart `alt_text` goes on the upload's candidates and the post's image; a PDF keeps none; other fields are refused", async () => {
    const post = await createTestPost(api.runtime, ada.memberId);
    const uploaded = await api.http
      .post(`/posts/${post.id}/images/upload`)
      .set('Authorization', ada.auth)
      .field('alt_text', 'A blue square, our logo colour')
      .attach('file', await png(), { filename: 'blue.png', contentType: 'image/png' });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.candidates.map((one: ImageCandidate) => one.alt_text)).toEqual(Array(3).fill('A blue square, our logo colour'));
    const after = (await api.http.get(`/posts/${post.id}`).set('Authorization', ada.auth)).body.post;
    expect(after.images).toEqual([{ image_url: uploaded.body.image_url, alt_text: 'A blue square, our logo colour' }]);

    const deck = await api.http
      .post(`/posts/${post.id}/images/upload`)
      .set('Authorization', ada.auth)
      .field('alt_text', 'ignored')
      .attach('file', await pdf(), { filename: 'deck.pdf', contentType: 'application/pdf' });
    expect([deck.status, deck.body.candidates[0].alt_text]).toEqual([201, undefined]);
    expect((await api.http.get(`/posts/${post.id}`).set('Authorization', ada.auth)).body.post).toMatchObject({ format: 'document', images: [] });

    const refused = await Promise.all([
      api.http
        .post(`/posts/${post.id}/images/upload`)
        .set('Authorization', ada.auth)
        .field('caption', 'x')
        .attach('file', await png(), { filename: 'a.png', contentType: 'image/png' }),
      api.http
        .post(`/posts/${post.id}/images/upload`)
        .set('Authorization', ada.auth)
        .field('alt_text', 'x'.repeat(4087))
        .attach('file', await png(), { filename: 'a.png', contentType: 'image/png' }),
      api.http
        .post(`/posts/${post.id}/images/upload`)
        .set('Authorization', ada.auth)
        .field('alt_text', 'bidi \u202E')
        .attach('file', await png(), { filename: 'a.png', contentType: 'image/png' }),
    ]);
    expect(refused.map((answer) => [answer.status, answer.body.error.code])).toEqual([
      [422, 'validation_error'],
      [422, 'validation_error'],
      [422, 'validation_error'],
    ]);
  });
});
