import type { ServerResponse } from 'node:http';
import sharp from 'sharp';
import { startResearchService } from '@lps/research';
import type { RunningService } from '@lps/runtime';
import { createStorage } from '@lps/storage';
import { createTestMember, createTestPost, startFakeLinkedIn, startLoopbackServer, waitFor, type FakeLinkedIn, type LoopbackServer, type TestMember } from '@lps/testing';
import { linkedInSteps } from './support/linkedin-steps.js';
import { startPublishing, type PublishingHarness } from './support/publishing-harness.js';

// A post with a link is published with LinkedIn's content.article (decision 0017): the card the member saw,
// its thumbnail uploaded through the Images API once per publication. Real API, research worker, publisher,
// fake LinkedIn and page servers, all on loopback.
let fake: FakeLinkedIn;
let pages: LoopbackServer;
let harness: PublishingHarness;
let research: RunningService;
let ada: TestMember;
let picture: Buffer;

const steps = linkedInSteps(
  () => harness,
  () => fake,
);
const { db, settled } = steps;
const http = () => harness.api.http;
const page = (path: string) => `http://127.0.0.1:${pages.port}${path}`;
const onLinkedIn = (urn: string | null) => fake.state.posts.find((post) => post.urn === urn);
const send = (res: ServerResponse, type: string, body: string | Buffer): void => void res.writeHead(200, { 'content-type': type }).end(body);

beforeAll(async () => {
  picture = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#cc3366' } })
    .png()
    .toBuffer();
  pages = await startLoopbackServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/article')
      return send(
        res,
        'text/html',
        '<html><head><meta property="og:title" content="A year of trunk-based development"><meta property="og:description" content="What we learned."><meta property="og:image" content="/picture.png"></head></html>',
      );
    if (path === '/titled') return send(res, 'text/html', '<html><head><title>Only a title</title></head></html>');
    if (path === '/picture.png') return send(res, 'image/png', picture);
    if (path === '/slow-article') return void setTimeout(() => send(res, 'text/html', '<html><head><meta property="og:title" content="Worth the wait"></head></html>'), 700);
    return void res.writeHead(404).end();
  });
  fake = await startFakeLinkedIn();
  fake.state.mediaProcessingMs = 50;
  harness = await startPublishing({ ...fake.env, LPS_ALLOW_PRIVATE_URLS: '1', LPS_LINK_PREVIEW_TIMEOUT: '1s', LPS_LINK_PREVIEW_WAIT: '3s' }, { imageService: true });
  ada = await createTestMember(harness.api.runtime, { displayName: 'Ada' });
  expect((await steps.connect(ada)).response.status).toBe(200);
  research = await startResearchService(harness.api.runtime);
  await harness.startPublisher();
});
afterAll(async () => {
  await research.stop();
  await harness.stop();
  await fake.close();
  await pages.close();
});

/** A post whose body carries `url`, saved through the API; waits until its card is read unless told not to. */
let written = 0;
async function postLinking(url: string, read = true) {
  const post = await createTestPost(harness.api.runtime, ada.memberId);
  // A body of its own each time: LinkedIn refuses a post that repeats an earlier one.
  written += 1;
  await http()
    .patch(`/posts/${post.id}`)
    .set('Authorization', ada.auth)
    .send({ body: `Read this, number ${written}: ${url}` })
    .expect(200);
  if (read) {
    await waitFor(async () => (await http().get(`/posts/${post.id}`).set('Authorization', ada.auth)).body.post.link_preview.status !== 'pending' || undefined, {
      what: 'card read',
    });
  }
  return post;
}

const publishAndSettle = async (postId: string) => {
  await http().post(`/posts/${postId}/publish`).set('Authorization', ada.auth).expect(202);
  return settled(postId);
};

/** Publications counted as recoveries (lps_publish_total{outcome="recovered"}). */
const recovered = async () => (await harness.api.runtime.metrics.publishOutcomes.get()).values.find((value) => value.labels.outcome === 'recovered')?.value ?? 0;

describe('publishing a post with a link', () => {
  it('sends content.article with the card the member saw, its thumbnail uploaded through the Images API', async () => {
    const post = await postLinking(page('/article'));
    const before = fake.state.requests.length;
    const done = await publishAndSettle(post.id);
    expect(done.status).toBe('published');
    const content = onLinkedIn(done.networkPostUrn)?.content as { article: { source: string; title: string; description: string; thumbnail: string } };
    expect(content.article).toEqual({
      source: page('/article'),
      title: 'A year of trunk-based development',
      description: 'What we learned.',
      thumbnail: expect.stringMatching(/^urn:li:image:/),
    });
    const thumbnail = fake.state.assets.get(content.article.thumbnail);
    expect(thumbnail?.contentType).toBe('image/jpeg');
    expect((await sharp(thumbnail?.bytes as Buffer).metadata()).width).toBe(800);
    expect(fake.state.requests.slice(before).filter((request) => request.path === '/rest/images?action=initializeUpload')).toHaveLength(1);
    expect(done.publishMediaUrn).toBeNull();
  });

  it("a page without metadata gives a card with its <title>; the member's own title and description win", async () => {
    const titled = await publishAndSettle((await postLinking(page('/titled'))).id);
    expect(onLinkedIn(titled.networkPostUrn)?.content).toEqual({ article: { source: page('/titled'), title: 'Only a title' } });
    const chosen = await postLinking(page('/article'));
    await http()
      .patch(`/posts/${chosen.id}`)
      .set('Authorization', ada.auth)
      .send({ link_preview: { title: 'My title', description: 'My words' } })
      .expect(200);
    const done = await publishAndSettle(chosen.id);
    expect(onLinkedIn(done.networkPostUrn)?.content).toMatchObject({ article: { title: 'My title', description: 'My words' } });
  });

  it('an unreachable page publishes as plain text, never a failure; the card says why', async () => {
    const post = await postLinking('http://127.0.0.1:9/gone');
    const done = await publishAndSettle(post.id);
    expect(done.status).toBe('published');
    expect(onLinkedIn(done.networkPostUrn)?.content).toBeNull();
    const card = (await http().get(`/posts/${post.id}`).set('Authorization', ada.auth)).body.post.link_preview;
    expect(card).toMatchObject({ status: 'unavailable', note: expect.stringContaining('published as plain text') });
  });

  it('a card the member turned off is not sent; a post with an image sends the image, not the card', async () => {
    const off = await postLinking(page('/article'));
    await http()
      .patch(`/posts/${off.id}`)
      .set('Authorization', ada.auth)
      .send({ link_preview: { enabled: false } })
      .expect(200);
    expect(onLinkedIn((await publishAndSettle(off.id)).networkPostUrn)?.content).toBeNull();

    const withImage = await postLinking(page('/article'));
    const stored = await createStorage(harness.api.runtime.config).put(`${ada.memberId}/${withImage.id}/chosen.png`, picture, 'image/png');
    await db().post.update({ where: { id: withImage.id }, data: { imageUrl: stored.url, format: 'image' } });
    const content = onLinkedIn((await publishAndSettle(withImage.id)).networkPostUrn)?.content as { media?: { id: string }; article?: unknown };
    expect(content.media?.id).toMatch(/^urn:li:image:/);
    expect(content.article).toBeUndefined();
  });

  it('published at once after saving: the publication waits for the card, without holding a slot, and sends it', async () => {
    const recoveredBefore = await recovered();
    const post = await postLinking(page('/slow-article'), false);
    const accepted = await http().post(`/posts/${post.id}/publish`).set('Authorization', ada.auth).expect(202);
    expect(accepted.body.post.link_preview.status).toBe('pending');
    const done = await settled(post.id);
    expect(onLinkedIn(done.networkPostUrn)?.content).toEqual({ article: { source: page('/slow-article'), title: 'Worth the wait' } });
    // The waits sent nothing: one attempt, a first publication (not a recovery looking for an earlier post).
    expect(done.publishAttempts).toBe(1);
    expect(await recovered()).toBe(recoveredBefore);
  });

  it('a card never read (no research worker) is given up after LPS_LINK_PREVIEW_WAIT: plain text, and the card says so', async () => {
    await research.stop();
    try {
      const post = await postLinking(page('/article'), false);
      const done = await publishAndSettle(post.id);
      expect(done.status).toBe('published');
      expect(onLinkedIn(done.networkPostUrn)?.content).toBeNull();
      const card = (await http().get(`/posts/${post.id}`).set('Authorization', ada.auth)).body.post.link_preview;
      expect(card).toMatchObject({ status: 'unavailable', note: expect.stringContaining('not read within 3 s') });
    } finally {
      research = await startResearchService(harness.api.runtime);
    }
  });

  it('a thumbnail LinkedIn cannot process: the card is published without it, once', async () => {
    const post = await postLinking(page('/article'));
    const card = (await http().get(`/posts/${post.id}`).set('Authorization', ada.auth)).body.post.link_preview;
    // What LinkedIn receives is no longer a picture: its processing fails (fake-linkedin/image-pixels.ts).
    const storage = createStorage(harness.api.runtime.config);
    await storage.put(storage.keyFromUrl(card.image_url) as string, Buffer.from('no longer a picture'), 'image/jpeg');
    const done = await publishAndSettle(post.id);
    expect(done.status).toBe('published');
    expect(onLinkedIn(done.networkPostUrn)?.content).toEqual({
      article: { source: page('/article'), title: 'A year of trunk-based development', description: 'What we learned.' },
    });
    expect(fake.state.livePosts().filter((entry) => entry.urn === done.networkPostUrn)).toHaveLength(1);
  });
});
