import { loadConfig } from '@lps/config';
import { LINKEDIN_ALT_TEXT_MAX, LinkedInNetwork, NetworkError, type NetworkAccount } from '@lps/network';
import { hugePng, IMAGE_PIXEL_LIMIT, startFakeLinkedIn, type FakeLinkedIn } from '@lps/testing';

// Link cards (content.article), multi-image posts (content.multiImage) and alt text, sent by the client and
// checked by a fake written from LinkedIn's Posts API, MultiImage API and Images API pages (fake-linkedin/post-content.ts).
let fake: FakeLinkedIn;
let network: LinkedInNetwork;
let account: NetworkAccount;
let png: Buffer;

beforeAll(async () => {
  fake = await startFakeLinkedIn();
  fake.state.mediaProcessingMs = 50;
  network = new LinkedInNetwork(loadConfig({ ...fake.env, LINKEDIN_TIMEOUT: '5s' }).network.linkedin);
  png = await hugePng(6, 4);
});
afterAll(async () => fake.close());
beforeEach(() => {
  const created = fake.state.addAccount();
  account = { memberId: 'm', personUrn: created.personUrn, accessToken: created.accessToken };
});

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as NetworkError,
  );
const stored = (urn: string) => fake.state.posts.find((post) => post.urn === urn);
const postsBy = () => fake.state.livePosts(account.personUrn);
const images = (count: number) => Promise.all(Array.from({ length: count }, () => network.uploadImage(account, png, 'image/png')));

describe('link cards: content.article', () => {
  it('carries source, title, description and an uploaded thumbnail with its alt text, as set (LinkedIn scrapes nothing)', async () => {
    const thumbnail = await network.uploadImage(account, png, 'image/png');
    const article = { source: 'https://example.test/post?a=1', title: 'A title', description: 'What the page says', thumbnail, thumbnailAltText: 'A chart' };
    const published = await network.publishPost(account, { commentary: 'Read this https://example.test/post?a=1', reference: 'a1', article });
    expect(stored(published.urn)?.content).toEqual({ article });
  });

  it('a card without a thumbnail or description is a card all the same', async () => {
    const published = await network.publishPost(account, { commentary: 'bare card', reference: 'a2', article: { source: 'https://example.test/', title: 'example.test' } });
    expect(stored(published.urn)?.content).toEqual({ article: { source: 'https://example.test/', title: 'example.test' } });
  });

  it('the fake refuses what LinkedIn refuses: a source that is no URL, a card without a title (400), nothing created', async () => {
    const before = postsBy().length;
    const noUrl = await failureOf(network.publishPost(account, { commentary: 'x1', reference: 'a3', article: { source: 'javascript:alert(1)', title: 't' } }));
    const noTitle = await failureOf(network.publishPost(account, { commentary: 'x2', reference: 'a4', article: { source: 'https://example.test/', title: ' ' } }));
    expect([noUrl.kind, noUrl.status, noTitle.kind, noTitle.status]).toEqual(['permanent', 400, 'permanent', 400]);
    expect(postsBy()).toHaveLength(before);
  });
});

describe('several images: content.multiImage', () => {
  it('publishes 2 and 20 images in order, each with its alt text', async () => {
    for (const count of [2, 20]) {
      const urns = await images(count);
      const request = urns.map((urn, index) => ({ urn, altText: `picture ${index + 1}` }));
      const published = await network.publishPost(account, { commentary: `${count} pictures`, reference: `m${count}`, images: request });
      expect(stored(published.urn)?.content).toEqual({ multiImage: { images: urns.map((id, index) => ({ id, altText: `picture ${index + 1}` })) } });
    }
  });

  it('refuses 1 or 21 images before any call (MultiImage API: 2 to 20), and the fake refuses them too', async () => {
    const urns = await images(21);
    for (const count of [1, 21]) {
      const before = fake.state.requests.length;
      const error = await failureOf(network.publishPost(account, { commentary: `${count}`, reference: 'm', images: urns.slice(0, count).map((urn) => ({ urn })) }));
      expect([error.kind, error.message]).toEqual(['permanent', expect.stringContaining('2 to 20 images')]);
      expect(fake.state.requests.length).toBe(before);
    }
    // Past our own check, straight to the fake: LinkedIn's answer for a single image in multiImage.
    const raw = await fetch(`${fake.url}/rest/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.accessToken}`, 'linkedin-version': '202601', 'x-restli-protocol-version': '2.0.0', 'content-type': 'application/json' },
      body: JSON.stringify({ author: account.personUrn, commentary: 'one', content: { multiImage: { images: [{ id: urns[0] }] } } }),
    });
    expect(raw.status).toBe(400);
  });

  it('the fake refuses, as LinkedIn documents, images the author does not own and alt text past the limit, creating nothing', async () => {
    const other = fake.state.addAccount();
    const theirs = await network.uploadImage({ memberId: 'o', personUrn: other.personUrn, accessToken: other.accessToken }, png, 'image/png');
    const [mine] = (await images(1)) as [string];
    const raw = (content: unknown) =>
      fetch(`${fake.url}/rest/posts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.accessToken}`, 'linkedin-version': '202601', 'x-restli-protocol-version': '2.0.0', 'content-type': 'application/json' },
        body: JSON.stringify({ author: account.personUrn, commentary: `raw ${Math.random()}`, content }),
      });
    const before = postsBy().length;
    const notOwned = await raw({ multiImage: { images: [{ id: theirs }, { id: mine }] } });
    const longAlt = await raw({ multiImage: { images: [{ id: mine, altText: 'a'.repeat(LINKEDIN_ALT_TEXT_MAX + 1) }, { id: mine }] } });
    const notText = await raw({ multiImage: { images: [{ id: mine, altText: 42 }, { id: mine }] } });
    expect([notOwned.status, longAlt.status, notText.status]).toEqual([403, 400, 400]);
    expect(((await longAlt.json()) as { code: string }).code).toBe('FIELD_LENGTH_TOO_LONG');
    expect(postsBy()).toHaveLength(before);
  });

  it('refuses one content type mixed with another', async () => {
    const [urn] = await images(1);
    const error = await failureOf(
      network.publishPost(account, { commentary: 'mixed', reference: 'x', media: { kind: 'image', urn: urn as string }, article: { source: 'https://example.test/', title: 't' } }),
    );
    expect(error.kind).toBe('permanent');
  });
});

describe('alt text: content.media.altText', () => {
  it(`is sent up to LinkedIn's ${LINKEDIN_ALT_TEXT_MAX} characters, and one more is refused before any call`, async () => {
    const [urn] = (await images(1)) as [string];
    const longest = 'é'.repeat(LINKEDIN_ALT_TEXT_MAX);
    const published = await network.publishPost(account, { commentary: 'described', reference: 'alt', media: { kind: 'image', urn, altText: longest } });
    expect(stored(published.urn)?.content).toEqual({ media: { id: urn, altText: longest } });
    const before = fake.state.requests.length;
    const error = await failureOf(network.publishPost(account, { commentary: 'too long', reference: 'alt2', media: { kind: 'image', urn, altText: `${longest}x` } }));
    expect([error.kind, fake.state.requests.length]).toEqual(['permanent', before]);
  });
});

describe("Images API: an image over LinkedIn's pixel limit", () => {
  it('is accepted by the PUT, fails processing, and a post naming it is refused for good with nothing created', async () => {
    // Just past 36,152,320 pixels (6,026 × 6,000), a few hundred kilobytes of PNG.
    const huge = await hugePng(6_026, 6_000);
    expect(6_026 * 6_000).toBeGreaterThan(IMAGE_PIXEL_LIMIT);
    const urn = await network.uploadImage(account, huge, 'image/png');
    const before = postsBy().length;
    const error = await failureOf(
      network.publishPost(account, { commentary: 'huge thumbnail', reference: 'big', article: { source: 'https://example.test/', title: 't', thumbnail: urn } }),
    );
    expect([error.kind, error.code]).toEqual(['permanent', 'MEDIA_ASSET_PROCESSING_FAILED']);
    expect(postsBy()).toHaveLength(before);
  });
});
