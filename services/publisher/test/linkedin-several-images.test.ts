import sharp from 'sharp';
import type { ImageCandidate } from '@lps/db';
import { createStorage } from '@lps/storage';
import { createTestMember, createTestPost, startFakeLinkedIn, waitFor, type FakeLinkedIn, type TestMember } from '@lps/testing';
import { linkedInSteps } from './support/linkedin-steps.js';
import { startPublishing, type PublishingHarness } from './support/publishing-harness.js';

// Several images and alt text (decision 0022) published through the API and the publisher to a fake LinkedIn
// written from its MultiImage, Images and Posts API pages: each image uploaded once per publication, then
// content.multiImage {images: [{id, altText}]}; a single image carries content.media.altText.
let fake: FakeLinkedIn;
let harness: PublishingHarness;
let ada: TestMember;
let adaUrn: string;

const { db, connect, settled } = linkedInSteps(
  () => harness,
  () => fake,
);
const http = () => harness.api.http;
const onLinkedIn = (urn: string | null) => fake.state.posts.find((post) => post.urn === urn);
const initsSince = (count: number) => fake.state.requests.slice(count).filter((request) => request.path === '/rest/images?action=initializeUpload');
const adasImages = () => [...fake.state.assets.values()].filter((asset) => asset.kind === 'image' && asset.owner === adaUrn);

beforeAll(async () => {
  fake = await startFakeLinkedIn();
  fake.state.mediaProcessingMs = 50;
  harness = await startPublishing({ ...fake.env, LINKEDIN_TIMEOUT: '2s' }, { imageService: true });
  ada = await createTestMember(harness.api.runtime, { displayName: 'Ada' });
  await connect(ada);
  adaUrn = (await db().networkConnection.findUniqueOrThrow({ where: { memberId: ada.memberId } })).personUrn as string;
  await harness.startPublisher();
});
afterAll(async () => {
  await harness.stop();
  await fake.close();
});

/** A post with `count` stored PNG candidates, each a colour of its own (so each upload's bytes are told apart). */
async function postWithPictures(body: string, count: number) {
  const post = await createTestPost(harness.api.runtime, ada.memberId, { body });
  const storage = createStorage(harness.api.runtime.config);
  const candidates: ImageCandidate[] = [];
  for (let index = 0; index < count; index += 1) {
    const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: index * 20, g: 90, b: 200 - index * 20 } } })
      .png()
      .toBuffer();
    const stored = await storage.put(`${ada.memberId}/${post.id}/picture-${index}.png`, bytes, 'image/png');
    candidates.push({ base_url: stored.url, width: 40, height: 30, kind: 'image', source: 'upload' });
  }
  await db().post.update({ where: { id: post.id }, data: { imageCandidates: candidates } });
  return { post, candidates };
}

const publishAndSettle = async (postId: string) => {
  await http().post(`/posts/${postId}/publish`).set('Authorization', ada.auth).expect(202);
  return settled(postId);
};

describe('several images', () => {
  it("go out as content.multiImage in the member's order, each uploaded once through the Images API with its alt text", async () => {
    const { post, candidates } = await postWithPictures('Three pictures from the offsite', 3);
    await http()
      .post(`/posts/${post.id}/select-image`)
      .set('Authorization', ada.auth)
      .send({
        images: [{ image_index: 2, alt_text: 'The whole team on the stairs' }, { image_index: 0 }, { image_index: 1, alt_text: 'A whiteboard full of arrows' }],
        use_overlay: false,
      })
      .expect(200);
    const before = fake.state.requests.length;
    const done = await publishAndSettle(post.id);
    expect([done.status, done.publishAttempts, done.publishImageUrns]).toEqual(['published', 1, null]);
    expect(initsSince(before)).toHaveLength(3);
    const images = (onLinkedIn(done.networkPostUrn)?.content as { multiImage: { images: { id: string; altText?: string }[] } }).multiImage.images;
    expect(images.map((image) => image.altText)).toEqual(['The whole team on the stairs', undefined, 'A whiteboard full of arrows']);
    // Each id is the upload of the picture at that place: the bytes LinkedIn received are the chosen files, in order.
    const storage = createStorage(harness.api.runtime.config);
    for (const [place, index] of [2, 0, 1].entries()) {
      const sent = fake.state.assets.get(images[place]?.id as string)?.bytes;
      expect(sent?.equals(await storage.read(storage.keyFromUrl((candidates[index] as ImageCandidate).base_url) as string))).toBe(true);
    }
  });

  it('a failed image upload half-way: the retry uploads only the images that have no URN yet, and publishes them all', async () => {
    const { post } = await postWithPictures('Four pictures, one hiccup', 4);
    await http()
      .post(`/posts/${post.id}/select-image`)
      .set('Authorization', ada.auth)
      .send({ images: [0, 1, 2, 3].map((image_index) => ({ image_index, alt_text: `picture ${image_index}` })), use_overlay: false })
      .expect(200);
    const before = fake.state.requests.length;
    const assetsBefore = adasImages().length;
    // Two uploads succeed, the third initializeUpload answers 500: the publication fails for now and is retried.
    fake.state.failNext('images.init', {});
    fake.state.failNext('images.init', {});
    fake.state.failNext('images.init', { status: 500, body: { status: 500, message: 'Internal Server Error' } });
    const done = await publishAndSettle(post.id);
    expect([done.status, done.publishAttempts]).toEqual(['published', 2]);
    // 2 + 1 refused in the first attempt, the remaining 2 in the second: never the first two again.
    expect(initsSince(before)).toHaveLength(5);
    expect(adasImages().length - assetsBefore).toBe(4);
    const images = (onLinkedIn(done.networkPostUrn)?.content as { multiImage: { images: { id: string; altText: string }[] } }).multiImage.images;
    expect(images.map((image) => image.altText)).toEqual(['picture 0', 'picture 1', 'picture 2', 'picture 3']);
    expect(new Set(images.map((image) => image.id)).size).toBe(4);
    expect(
      adasImages()
        .slice(-4)
        .map((asset) => asset.urn),
    ).toEqual(images.map((image) => image.id));
  });
});

describe('one image', () => {
  it("carries the member's alt text as content.media.altText", async () => {
    const { post } = await postWithPictures('One picture, described', 1);
    await http().post(`/posts/${post.id}/select-image`).set('Authorization', ada.auth).send({ image_index: 0, alt_text: 'A blue rectangle', use_overlay: false }).expect(200);
    const done = await publishAndSettle(post.id);
    expect(onLinkedIn(done.networkPostUrn)?.content).toEqual({ media: { id: expect.stringMatching(/^urn:li:image:/), altText: 'A blue rectangle' } });
  });

  it('a generated design selected with nothing set (overlay on, the default) is published with the words it shows as alt text', async () => {
    const post = await createTestPost(harness.api.runtime, ada.memberId, { body: 'Small pull requests ship faster\n\nThree numbers from our team.' });
    await http().post(`/posts/${post.id}/images`).set('Authorization', ada.auth).send({}).expect(202);
    const candidates = await waitFor(
      async () => {
        const current = (await http().get(`/posts/${post.id}`).set('Authorization', ada.auth)).body.post;
        return current.status !== 'generating_images' && current.image_candidates ? (current.image_candidates as ImageCandidate[]) : undefined;
      },
      { timeoutMs: 60_000, what: 'generated candidates' },
    );
    const quote = candidates.findIndex((candidate) => candidate.base_url.includes('-quote-'));
    await http().post(`/posts/${post.id}/select-image`).set('Authorization', ada.auth).send({ image_index: quote }).expect(200);
    const done = await publishAndSettle(post.id);
    expect(onLinkedIn(done.networkPostUrn)?.content).toEqual({
      media: { id: expect.stringMatching(/^urn:li:image:/), altText: 'Quote card: “Small pull requests ship faster” — Ada' },
    });
  });
});
