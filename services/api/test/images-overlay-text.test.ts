import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { renderOverlay } from '@lps/ai/image';
import type { ImageCandidate } from '@lps/db';
import { startImageService } from '@lps/image';
import type { RunningService } from '@lps/runtime';
import { createStorage, type FileStorage } from '@lps/storage';
import { createTestMember, createTestPost, waitFor, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';
import { png } from './support/image-fixtures.js';

// Issue 27: select-image with the default use_overlay drew the hook in a bar over a generated design that
// already sets the same sentence large — the text appeared twice. Decision 0022: a design records the words it
// shows (`shows_text`) and gets no bar; a picture without text still does. Checked on the flag and on pixels.
let api: TestApi;
let worker: RunningService;
let ada: TestMember;
let dataDir: string;
let storage: FileStorage;

const HOOK = 'What a year of trunk-based development taught our team';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lps-overlay-text-'));
  api = await startTestApi({ LPS_DATA_DIR: dataDir });
  worker = await startImageService(api.runtime);
  ada = await createTestMember(api.runtime, { displayName: 'Ada Lovelace' });
  storage = createStorage(api.runtime.config);
});
afterAll(async () => {
  await worker.stop();
  await api.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const bytesOf = (url: string) => storage.read(storage.keyFromUrl(url) as string);
const pixels = (data: Buffer) => sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
const overlayFiles = async (postId: string) => (await readdir(join(dataDir, 'files', ada.memberId, postId))).filter((name) => name.startsWith('overlay-'));

/** Per row, how many pixels of `b` differ visibly from `a` (same size). */
async function changedPerRow(a: Buffer, b: Buffer): Promise<number[]> {
  const [left, right] = await Promise.all([pixels(a), pixels(b)]);
  expect([right.info.width, right.info.height]).toEqual([left.info.width, left.info.height]);
  const { width, height } = left.info;
  const visibly = (at: number) =>
    Math.abs((left.data[at] as number) - (right.data[at] as number)) > 12 ||
    Math.abs((left.data[at + 1] as number) - (right.data[at + 1] as number)) > 12 ||
    Math.abs((left.data[at + 2] as number) - (right.data[at + 2] as number)) > 12;
  return Array.from({ length: height }, (_, y) => {
    let changed = 0;
    for (let x = 0; x < width; x += 1) if (visibly((y * width + x) * 3)) changed += 1;
    return changed;
  });
}

/** The rows a bar would cover: where the hook drawn over `source` changes it. */
const barRows = async (source: Buffer) => (await changedPerRow(source, (await renderOverlay(source, HOOK)).data)).flatMap((count, row) => (count > 0 ? [row] : []));

async function generated(postId: string): Promise<ImageCandidate[]> {
  await api.http.post(`/posts/${postId}/images`).set('Authorization', ada.auth).send({}).expect(202);
  return waitFor(
    async () => {
      const post = (await api.http.get(`/posts/${postId}`).set('Authorization', ada.auth)).body.post;
      return post.status !== 'generating_images' && post.image_candidates ? (post.image_candidates as ImageCandidate[]) : undefined;
    },
    { timeoutMs: 60_000, what: 'generated candidates' },
  );
}

describe('overlays never repeat the words a design already shows', () => {
  it('every generated design records the hook it shows and alt text made of it; selecting it with the default overlay draws no bar', async () => {
    const post = await createTestPost(api.runtime, ada.memberId, { body: `${HOOK}\n\nSmall changes.\nFast reviews.` });
    const images = (await generated(post.id)).filter((candidate) => candidate.kind === 'image');
    expect(images).toHaveLength(8);
    for (const candidate of images) {
      expect(candidate.shows_text).toBe(HOOK);
      expect(candidate.alt_text).toContain(`“${HOOK}”`);
    }
    for (const candidate of images.filter((one) => /-quote-/.test(one.base_url))) {
      const selected = await api.http.post(`/posts/${post.id}/select-image`).set('Authorization', ada.auth).send({ image_url: candidate.base_url });
      expect(selected.status).toBe(200);
      expect(selected.body.post.image_url).toBe(candidate.base_url);
      expect(selected.body.post.images).toEqual([{ image_url: candidate.base_url, alt_text: candidate.alt_text }]);
      // Pixels: where a bar would go on this design, the published image is the design, unchanged.
      const source = await bytesOf(candidate.base_url);
      const rows = await barRows(source);
      expect(rows.length).toBeGreaterThan(40);
      const changed = await changedPerRow(source, await bytesOf(selected.body.post.image_url));
      expect(rows.reduce((sum, row) => sum + (changed[row] as number), 0)).toBe(0);
    }
    expect(await overlayFiles(post.id).catch(() => [])).toEqual([]);
  });

  it('several images: the first gets the bar only if it shows no text of its own', async () => {
    const post = await createTestPost(api.runtime, ada.memberId, { body: `${HOOK}\n\nPictures from the offsite.` });
    const designs = (await generated(post.id)).filter((candidate) => candidate.kind === 'image');
    const upload = await api.http
      .post(`/posts/${post.id}/images/upload`)
      .set('Authorization', ada.auth)
      .attach('file', await png(640, 480), { filename: 'photo.png', contentType: 'image/png' });
    expect(upload.status).toBe(201);
    const designFirst = await api.http
      .post(`/posts/${post.id}/select-image`)
      .set('Authorization', ada.auth)
      .send({ images: [{ image_url: (designs[0] as ImageCandidate).base_url }, { image_url: upload.body.image_url }] });
    expect(designFirst.body.post.images.map((image: { image_url: string }) => image.image_url)).toEqual([(designs[0] as ImageCandidate).base_url, upload.body.image_url]);
    const photoFirst = await api.http
      .post(`/posts/${post.id}/select-image`)
      .set('Authorization', ada.auth)
      .send({ images: [{ image_url: upload.body.image_url }, { image_url: (designs[0] as ImageCandidate).base_url }] });
    const [cover, second] = photoFirst.body.post.images as { image_url: string; alt_text: string | null }[];
    expect(cover?.image_url).toMatch(/\/overlay-/);
    expect(cover?.alt_text).toBe(`Image with the words “${HOOK}”`);
    expect(second).toEqual({ image_url: (designs[0] as ImageCandidate).base_url, alt_text: (designs[0] as ImageCandidate).alt_text });
  });

  it('a picture with no text of its own still gets the bar: the pixel check above would see one', async () => {
    const post = await createTestPost(api.runtime, ada.memberId, { body: `${HOOK}\n\nA plain picture.` });
    const source = await png(640, 480);
    const upload = await api.http
      .post(`/posts/${post.id}/images/upload`)
      .set('Authorization', ada.auth)
      .attach('file', source, { filename: 'plain.png', contentType: 'image/png' });
    expect(upload.status).toBe(201);
    expect(upload.body.candidates[0].shows_text).toBeUndefined();
    const selected = await api.http.post(`/posts/${post.id}/select-image`).set('Authorization', ada.auth).send({ image_url: upload.body.image_url });
    expect(selected.body.post.image_url).not.toBe(upload.body.image_url);
    const rows = await barRows(await bytesOf(upload.body.image_url));
    const changed = await changedPerRow(await bytesOf(upload.body.image_url), await bytesOf(selected.body.post.image_url));
    expect(rows.reduce((sum, row) => sum + (changed[row] as number), 0)).toBeGreaterThan(rows.length * 100);
  });
});
