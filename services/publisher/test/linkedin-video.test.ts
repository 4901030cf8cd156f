import { createTestMember, createTestPost, mp4File, startFakeLinkedIn, waitFor, type FakeLinkedIn, type TestMember } from '@lps/testing';
import { linkedInSteps } from './support/linkedin-steps.js';
import { outboxEvents, startPublishing, type PublishingHarness } from './support/publishing-harness.js';

// A video post published through LinkedIn's Videos API as documented (decision 0021), against the fake:
// initializeUpload with fileSizeBytes → one PUT per upload instruction → finalizeUpload with the ETags →
// PROCESSING until AVAILABLE → the post names urn:li:video:…. The publisher runs one publication at a time
// here, so a video waiting for LinkedIn must not hold that one slot.
let fake: FakeLinkedIn;
let harness: PublishingHarness;
let ada: TestMember;

const steps = linkedInSteps(
  () => harness,
  () => fake,
);
const { settled } = steps;
const http = () => harness.api.http;
const onLinkedIn = (urn: string | null) => fake.state.posts.find((post) => post.urn === urn);
const requestsSince = (since: number, pattern: RegExp) => fake.state.requests.slice(since).filter((request) => pattern.test(request.path));

const PART_BYTES = 64 * 1024;
const VIDEO = mp4File({ durationSeconds: 20, mdatBytes: 200_000 });
const PARTS = Math.ceil(VIDEO.length / PART_BYTES);

beforeAll(async () => {
  fake = await startFakeLinkedIn();
  // LinkedIn's parts are 4 MB; 64 KB parts keep the file small and still make several of them.
  fake.state.videoPartBytes = PART_BYTES;
  // Long enough that the publisher must come back for it: another publication runs meanwhile.
  fake.state.videoProcessingMs = 2_500;
  harness = await startPublishing({ ...fake.env, LPS_PUBLISH_CONCURRENCY: '1', LPS_VIDEO_PROCESSING_WAIT: '60s' }, { imageService: true });
  ada = await createTestMember(harness.api.runtime, { displayName: 'Ada' });
  expect((await steps.connect(ada)).response.status).toBe(200);
  await harness.startPublisher();
});
afterAll(async () => {
  await harness.stop();
  await fake.close();
});

let written = 0;
/** A post with the video uploaded through the API; a body of its own each time (LinkedIn refuses repeats). */
async function videoPost(text = 'A clip') {
  written += 1;
  const post = await createTestPost(harness.api.runtime, ada.memberId, { body: `${text} ${written}, more at https://example.test/more`, status: 'approved' });
  const uploaded = await http().post(`/posts/${post.id}/images/upload`).set('Authorization', ada.auth).attach('file', VIDEO, { filename: 'clip.mp4', contentType: 'video/mp4' });
  expect(uploaded.status).toBe(201);
  return post;
}

const publish = (postId: string) => http().post(`/posts/${postId}/publish`).set('Authorization', ada.auth).expect(202);

describe('publishing a video post to LinkedIn', () => {
  it('uploads the MP4 in parts, waits for AVAILABLE from the delayed set, and posts content.media with the video URN (no link card)', async () => {
    const post = await videoPost();
    const before = fake.state.requests.length;
    await publish(post.id);
    const done = await settled(post.id);
    expect([done.status, done.lastError, done.publishMediaUrn]).toEqual(['published', null, null]);
    const content = onLinkedIn(done.networkPostUrn)?.content as { media: { id: string } };
    // Only the medium: a post with a video carries no link card, although its body has a link.
    expect(Object.keys(content)).toEqual(['media']);
    expect(content.media.id).toMatch(/^urn:li:video:/);
    expect(done.networkPostUrn).toMatch(/^urn:li:ugcPost:/);
    const asset = fake.state.assets.get(content.media.id);
    expect([asset?.video?.fileSizeBytes, asset?.video?.parts.length, asset?.video?.finalized]).toEqual([VIDEO.length, PARTS, true]);
    expect(requestsSince(before, /^\/rest\/videos\?action=initializeUpload$/)).toHaveLength(1);
    expect(requestsSince(before, /^\/dms-uploads\/video\//)).toHaveLength(PARTS);
    // Looked at more than once: PROCESSING first, then AVAILABLE.
    expect(requestsSince(before, /^\/rest\/videos\/urn/).length).toBeGreaterThanOrEqual(2);
    // The looks sent no post: one attempt, and no recovery looking for an earlier post.
    expect(done.publishAttempts).toBe(1);
  });

  it('frees its worker slot while LinkedIn processes the video: a text post queued behind it is published first', async () => {
    const video = await videoPost();
    const text = await createTestPost(harness.api.runtime, ada.memberId, { body: `Plain words ${written}`, status: 'approved' });
    await publish(video.id);
    await publish(text.id);
    const [videoDone, textDone] = [await settled(video.id), await settled(text.id)];
    expect([videoDone.status, textDone.status]).toEqual(['published', 'published']);
    // One publication at a time, yet the text post went out while the video was still being processed.
    expect((textDone.publishedAt as Date).getTime()).toBeLessThan((videoDone.publishedAt as Date).getTime());
    const order = fake.state.posts.map((post) => post.urn);
    expect(order.indexOf(textDone.networkPostUrn as string)).toBeLessThan(order.indexOf(videoDone.networkPostUrn as string));
  });

  it('a part upload that fails once is sent again in place: one upload, one post', async () => {
    const post = await videoPost();
    const before = fake.state.requests.length;
    fake.state.failNext('upload', { status: 500, body: { status: 500, message: 'upload failed' } });
    await publish(post.id);
    const done = await settled(post.id);
    expect(done.status).toBe('published');
    expect(requestsSince(before, /^\/rest\/videos\?action=initializeUpload$/)).toHaveLength(1);
    expect(requestsSince(before, /^\/dms-uploads\/video\//)).toHaveLength(PARTS + 1);
  });

  it('a part that keeps failing fails that attempt; the retry uploads afresh (no URN was recorded) and posts once', async () => {
    const post = await videoPost();
    const before = fake.state.requests.length;
    for (let time = 0; time < 3; time += 1) fake.state.failNext('upload', { status: 503, body: { status: 503, message: 'upload unavailable' } });
    await publish(post.id);
    const done = await settled(post.id);
    expect(done.status).toBe('published');
    expect(requestsSince(before, /^\/rest\/videos\?action=initializeUpload$/)).toHaveLength(2);
    expect(requestsSince(before, /^\/rest\/videos\?action=finalizeUpload$/)).toHaveLength(1);
    expect(fake.state.livePosts().filter((live) => live.text.startsWith(`A clip ${written}`))).toHaveLength(1);
  });

  it('once its URN is recorded, a retry (a status look that failed) never uploads the video again', async () => {
    const post = await videoPost();
    const before = fake.state.requests.length;
    fake.state.failNext('videos.get', { status: 500, body: { status: 500, message: 'try later' } });
    await publish(post.id);
    const done = await settled(post.id);
    expect(done.status).toBe('published');
    expect(requestsSince(before, /^\/rest\/videos\?action=initializeUpload$/)).toHaveLength(1);
    expect(requestsSince(before, /^\/dms-uploads\/video\//)).toHaveLength(PARTS);
  });

  it('a video LinkedIn cannot process (PROCESSING_FAILED) fails the publication with a clear last_error and no post', async () => {
    const post = await videoPost('A broken clip');
    const posts = fake.state.posts.length;
    fake.state.failNextVideoProcessing = true;
    await publish(post.id);
    const done = await settled(post.id);
    expect(done.status).toBe('approved');
    expect(done.lastError).toMatch(/LinkedIn could not process the video \(urn:li:video:\S+ ended PROCESSING_FAILED\); nothing was posted/);
    expect([done.networkPostUrn, done.publishMediaUrn]).toEqual([null, null]);
    expect(fake.state.posts.length).toBe(posts);
    const failed = (await outboxEvents(harness.api, 'post.publish_failed')).filter((event) => (event.payload as { post: { id: string } }).post.id === post.id);
    expect(failed).toHaveLength(1);
  });
  it('a video still processing LPS_VIDEO_PROCESSING_WAIT after the publication was requested fails it, nothing posted', async () => {
    const post = await videoPost('A clip LinkedIn takes forever with');
    const posts = fake.state.posts.length;
    const processingMs = fake.state.videoProcessingMs;
    fake.state.videoProcessingMs = 10 * 60_000;
    try {
      const before = fake.state.requests.length;
      await publish(post.id);
      // Its first look found it PROCESSING; then the publication is made to have been requested 61 s ago (the wait is 60 s).
      await waitFor(async () => requestsSince(before, /^\/rest\/videos\/urn/).length > 0 || undefined, { what: 'the first look at the video' });
      await harness.api.runtime.db.post.update({ where: { id: post.id }, data: { publishRequestedAt: new Date(Date.now() - 61_000) } });
      const done = await settled(post.id);
      expect(done.status).toBe('approved');
      expect(done.lastError).toMatch(
        /LinkedIn was still processing the video \(urn:li:video:\S+, PROCESSING\) \d+ s after the publication was requested \(LPS_VIDEO_PROCESSING_WAIT\); nothing was posted/,
      );
      expect(fake.state.posts.length).toBe(posts);
    } finally {
      fake.state.videoProcessingMs = processingMs;
    }
  });
});
