import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestMember, createTestPost, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';
import { png } from './support/image-fixtures.js';

// Writes on one post at the same moment (decision 0027), through the real API and the image
// service: nothing in these requests contradicts the post's state, so none is a 409. They take
// turns, each gets the answer it would get alone, and the files they leave are exactly those the
// post shows or offers: no lost upload, no orphan overlay.

let api: TestApi;
let member: TestMember;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lps-writes-at-once-'));
  api = await startTestApi({ LPS_DATA_DIR: dataDir }, undefined, { imageService: true });
  member = await createTestMember(api.runtime, { displayName: 'Ada Lovelace' });
});
afterAll(async () => {
  await api.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const post = (path: string) => api.http.post(path).set('Authorization', member.auth);
const getPost = async (id: string) => (await api.http.get(`/posts/${id}`).set('Authorization', member.auth).expect(200)).body.post;

/** A post with `pictures` uploaded pictures (each: the original and two fitted variants), none showing text: overlays get drawn. */
async function postWithPictures(pictures: number) {
  const created = await createTestPost(api.runtime, member.memberId, { body: 'Small changes ship sooner.\nThey are easier to review.' });
  for (let n = 0; n < pictures; n += 1) {
    await post(`/posts/${created.id}/images/upload`)
      .attach('file', await png(320 + n * 16, 240), { filename: `picture-${n}.png`, contentType: 'image/png' })
      .expect(201);
  }
  return created;
}

/** The overlay files stored for a post, as storage keys. */
async function overlayKeys(postId: string): Promise<string[]> {
  const names = await readdir(join(dataDir, 'files', member.memberId, postId)).catch(() => [] as string[]);
  return names
    .filter((name) => name.startsWith('overlay-'))
    .map((name) => `${member.memberId}/${postId}/${name}`)
    .sort();
}

/** Storage keys of the URLs a post shows (its image and images). */
const shownKeys = (shown: { image_url: string | null; images: Array<{ image_url: string }> }) =>
  [...new Set([shown.image_url, ...shown.images.map((image) => image.image_url)].filter((url): url is string => Boolean(url)))]
    .map((url) => decodeURIComponent(new URL(url).pathname.replace(/^\/files\//, '')))
    .sort();

describe('writes on one post at the same moment', () => {
  it('ten selections of ten different images, each with the hook drawn over it: ten 200s, the post ends with one of them, only its overlay is stored', async () => {
    const target = await postWithPictures(4);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => post(`/posts/${target.id}/select-image`).send({ image_index: index })));
    expect(answers.map((answer) => [answer.status, answer.body.error?.code])).toEqual(Array(10).fill([200, undefined]));
    // Each answer is the post as its own selection left it: ten different overlays were written, one after the other.
    const written = answers.map((answer) => answer.body.post.image_url as string);
    expect(new Set(written).size).toBe(10);
    const final = await getPost(target.id);
    expect(written).toContain(final.image_url);
    expect(final.status).toBe('approved');
    expect(await overlayKeys(target.id)).toEqual(shownKeys(final));
    expect((await overlayKeys(target.id)).length).toBe(1);
  });

  it('a PATCH of the body, a selection, an upload and a schedule at once: 200, 200, 201, 200, and the post holds all four', async () => {
    const target = await postWithPictures(1);
    const at = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const [patched, selected, uploaded, scheduled] = await Promise.all([
      api.http.patch(`/posts/${target.id}`).set('Authorization', member.auth).send({ body: 'Smaller changes, sooner.\nEasier to review.' }),
      post(`/posts/${target.id}/select-image`).send({ image_index: 1 }),
      post(`/posts/${target.id}/images/upload`).attach('file', await png(400, 300), { filename: 'late.png', contentType: 'image/png' }),
      post(`/posts/${target.id}/schedule`).send({ scheduled_at: at }),
    ]);
    expect([patched.status, selected.status, uploaded.status, scheduled.status]).toEqual([200, 200, 201, 200]);
    const final = await getPost(target.id);
    expect([final.body, final.status, final.scheduled_at]).toEqual(['Smaller changes, sooner.\nEasier to review.', 'scheduled', at]);
    // No lost upload: the late upload's original and variants are candidates, after the first upload's three.
    expect(final.image_candidates.length).toBe(6);
    expect(final.image_candidates.map((candidate: { base_url: string }) => candidate.base_url)).toContain(uploaded.body.image_url);
    // The image is the selection's overlay or the upload, whichever was written last; no other overlay is stored.
    expect([selected.body.post.image_url, uploaded.body.image_url]).toContain(final.image_url);
    const overlays = await overlayKeys(target.id);
    expect(overlays).toEqual(shownKeys(final).filter((key) => key.includes('/overlay-')));
  });

  it('the overlay storm: 50 selections with overlays over five posts at once answer 50 × 200, and each post keeps one overlay', async () => {
    const posts = [];
    for (let n = 0; n < 5; n += 1) posts.push(await postWithPictures(4));
    const answers = await Promise.all(posts.flatMap((target) => Array.from({ length: 10 }, (_, index) => post(`/posts/${target.id}/select-image`).send({ image_index: index }))));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(50);
    for (const target of posts) {
      const final = await getPost(target.id);
      expect(await overlayKeys(target.id)).toEqual(shownKeys(final));
    }
  });

  it('an upload that replaces an overlay drops it: the overlay file goes once the upload is the image', async () => {
    const target = await postWithPictures(1);
    const selected = await post(`/posts/${target.id}/select-image`).send({ image_index: 0 }).expect(200);
    expect(await overlayKeys(target.id)).toEqual(shownKeys(selected.body.post));
    const uploaded = await post(`/posts/${target.id}/images/upload`)
      .attach('file', await png(300, 200), { filename: 'next.png', contentType: 'image/png' })
      .expect(201);
    expect((await getPost(target.id)).image_url).toBe(uploaded.body.image_url);
    expect(await overlayKeys(target.id)).toEqual([]);
    expect((await api.runtime.db.postDroppedFile.findMany({ where: { postId: target.id } })).map((row) => row.key)).toEqual(shownKeys(selected.body.post));
  });

  it('409 stays for the state: a selection on a post generating images, and one on a published post', async () => {
    const generating = await postWithPictures(1);
    await api.runtime.db.post.update({ where: { id: generating.id }, data: { status: 'generating_images', statusBeforeImages: 'draft_saved' } });
    const published = await createTestPost(api.runtime, member.memberId, { status: 'published' });
    const answers = await Promise.all([
      post(`/posts/${generating.id}/select-image`).send({ image_index: 0 }),
      post(`/posts/${published.id}/select-image`).send({ image_index: 0 }),
    ]);
    expect(answers.map((answer) => [answer.status, answer.body.error?.code])).toEqual([
      [409, 'conflict'],
      [409, 'conflict'],
    ]);
  });
});
