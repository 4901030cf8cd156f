import got from 'got';
import { loadConfig } from '@lps/config';
import { LinkedInNetwork, LITTLE_TEXT_RESERVED, NetworkError, nextUtcMidnight, toLittleText, type NetworkAccount } from '@lps/network';
import { ANALYTICS_APP, hugePng, startCuttableProxy, startFakeLinkedIn, type FakeLinkedIn } from '@lps/testing';

let fake: FakeLinkedIn;
let network: LinkedInNetwork;
let account: NetworkAccount;

// Long enough that no answer is mistaken for a time-out on a loaded machine; the time-out test hangs past it.
const settings = (overrides: Record<string, string> = {}) => loadConfig({ ...fake.env, LINKEDIN_TIMEOUT: '2s', ...overrides }).network.linkedin;

beforeAll(async () => {
  fake = await startFakeLinkedIn();
  network = new LinkedInNetwork(settings());
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

describe('LinkedIn posts', () => {
  it('publishes with versioned Rest.li headers and returns the URN from x-restli-id and its feed URL', async () => {
    const published = await network.publishPost(account, { commentary: 'Hello network', reference: 'r1' });
    expect(published.urn).toMatch(/^urn:li:share:\d+$/);
    expect(published.url).toBe(`https://www.linkedin.com/feed/update/${published.urn}/`);
    const request = fake.state.requests.find((entry) => entry.path === '/rest/posts');
    expect(request?.headers['linkedin-version']).toBe('202601');
    expect(request?.headers['x-restli-protocol-version']).toBe('2.0.0');
  });

  it('escapes every little-text reserved character so the post reads exactly as written', async () => {
    const text = `All of them: ${LITTLE_TEXT_RESERVED.join(' ')} and \\# a backslash before a hash, @[Ada](x) {hashtag|\\#|no}`;
    const published = await network.publishPost(account, { commentary: toLittleText(text), reference: 'r2' });
    expect(fake.state.posts.find((post) => post.urn === published.urn)?.text).toBe(text);
  });

  it('the fake, like LinkedIn, answers 201 to an unescaped reserved character and publishes the text cut short there', async () => {
    for (const char of LITTLE_TEXT_RESERVED) {
      const response = await got.post(`${fake.url}/rest/posts`, {
        throwHttpErrors: false,
        headers: { Authorization: `Bearer ${account.accessToken}`, 'LinkedIn-Version': '202601', 'X-Restli-Protocol-Version': '2.0.0' },
        json: { author: account.personUrn, commentary: `bad ${char} text`, visibility: 'PUBLIC', lifecycleState: 'PUBLISHED' },
      });
      expect(response.statusCode).toBe(201);
      expect(fake.state.posts.find((post) => post.urn === response.headers['x-restli-id'])?.text).toBe('bad ');
    }
  });

  it('the fake reads hashtags and mentions as LinkedIn documents them (template with either sign, bare element, mention)', async () => {
    const commentary = 'Hi @[Acme \\(EU\\)](urn:li:organization:1234), {hashtag|#|Technology} {hashtag|\\#|my\\_tag} #bare';
    const response = await got.post(`${fake.url}/rest/posts`, {
      headers: { Authorization: `Bearer ${account.accessToken}`, 'LinkedIn-Version': '202601', 'X-Restli-Protocol-Version': '2.0.0' },
      json: { author: account.personUrn, commentary, visibility: 'PUBLIC', lifecycleState: 'PUBLISHED' },
    });
    const post = fake.state.posts.find((entry) => entry.urn === response.headers['x-restli-id']);
    expect(post).toMatchObject({
      text: 'Hi Acme (EU), #Technology #my_tag #bare',
      hashtags: ['Technology', 'my_tag', 'bare'],
      mentions: [{ name: 'Acme (EU)', urn: 'urn:li:organization:1234' }],
    });
  });

  it('uploads an image and a PDF (initializeUpload + PUT) and publishes them as media', async () => {
    const png = await hugePng(4, 3);
    const image = await network.uploadImage(account, png, 'image/png');
    const document = await network.uploadDocument(account, Buffer.from('%PDF-1.7'));
    expect(fake.state.assets.get(image)?.bytes?.equals(png)).toBe(true);
    expect(fake.state.assets.get(document)?.bytes?.toString()).toBe('%PDF-1.7');
    const withImage = await network.publishPost(account, { commentary: 'with image', reference: 'i', media: { kind: 'image', urn: image } });
    const withDoc = await network.publishPost(account, { commentary: 'with doc', reference: 'd', media: { kind: 'document', urn: document, title: 'deck.pdf' } });
    expect(fake.state.posts.find((post) => post.urn === withImage.urn)?.content).toEqual({ media: { id: image } });
    expect(fake.state.posts.find((post) => post.urn === withDoc.urn)?.content).toEqual({ media: { id: document, title: 'deck.pdf' } });
  });

  it('deletes a post and treats a second delete (404) as gone', async () => {
    const published = await network.publishPost(account, { commentary: 'to delete', reference: 'x' });
    await network.deletePost(account, published.urn);
    await network.deletePost(account, published.urn);
    expect(fake.state.livePosts(account.personUrn).map((post) => post.urn)).not.toContain(published.urn);
  });
});

describe('LinkedIn error classes', () => {
  it.each([
    [500, 'retryable'],
    [502, 'retryable'],
    [503, 'retryable'],
    [504, 'retryable'],
    [400, 'permanent'],
    [403, 'permanent'],
    [422, 'permanent'],
    [426, 'permanent'],
  ])('HTTP %i is %s', async (status, kind) => {
    fake.state.failNext('posts.create', { status, body: { status, code: 'X', message: 'scripted' } });
    const error = await failureOf(network.publishPost(account, { commentary: `s${status}`, reference: 'e' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.kind).toBe(kind);
  });

  it.each([
    [65601, 'REVOKED_ACCESS_TOKEN'],
    [65602, 'EXPIRED_ACCESS_TOKEN'],
  ] as const)('a %i token answers 401 and is classified unauthorized', async (serviceErrorCode, code) => {
    fake.state.accounts.get(account.accessToken as string)!.invalid = serviceErrorCode;
    const error = await failureOf(network.publishPost(account, { commentary: 'x', reference: 'e' }));
    expect([error.kind, error.status, error.code, error.serviceErrorCode]).toEqual(['unauthorized', 401, code, serviceErrorCode]);
  });

  it('an unknown token is unauthorized (65600)', async () => {
    const error = await failureOf(network.publishPost({ ...account, accessToken: 'nope' }, { commentary: 'x', reference: 'e' }));
    expect([error.kind, error.serviceErrorCode]).toEqual(['unauthorized', 65600]);
  });

  it('a resource-level throttle (429) is retryable, not before the next UTC midnight', async () => {
    fake.state.failNext('posts.create', { status: 429, body: { status: 429, message: 'Resource level throttle limit for calls to this resource is reached.' } });
    const error = await failureOf(network.publishPost(account, { commentary: 'x', reference: 'e' }));
    expect(error.kind).toBe('retryable');
    expect(error.retryAt?.toISOString()).toBe(nextUtcMidnight().toISOString());
  });

  it('a retired API version answers 426 NONEXISTENT_VERSION: permanent, and the message names LINKEDIN_API_VERSION and the version', async () => {
    const old = new LinkedInNetwork(settings({ LINKEDIN_API_VERSION: '202301' }));
    const error = await failureOf(old.publishPost(account, { commentary: 'x', reference: 'e' }));
    expect([error.kind, error.status, error.code]).toEqual(['permanent', 426, 'NONEXISTENT_VERSION']);
    expect(error.message).toMatch(/no longer serves API version 202301: set LINKEDIN_API_VERSION/);
  });

  it('a missing scope answers 403 ACCESS_DENIED: permanent', async () => {
    const limited = fake.state.addAccount({ scopes: ['openid'] });
    const error = await failureOf(network.publishPost({ memberId: 'm', personUrn: limited.personUrn, accessToken: limited.accessToken }, { commentary: 'x', reference: 'e' }));
    expect([error.kind, error.code]).toEqual(['permanent', 'ACCESS_DENIED']);
  });

  it('a time-out after LinkedIn created the post is retryable and uncertain; the retry answers duplicate with the first URN', async () => {
    fake.state.failNext('posts.create', { hangAfterSuccessMs: 4_000 });
    const timedOut = await failureOf(network.publishPost(account, { commentary: 'only once', reference: 'once' }));
    expect([timedOut.kind, timedOut.uncertain]).toEqual(['retryable', true]);
    const first = fake.state.livePosts(account.personUrn).find((post) => post.text === 'only once');
    const duplicate = await failureOf(network.publishPost(account, { commentary: 'only once', reference: 'once' }));
    expect([duplicate.kind, duplicate.duplicateOf]).toEqual(['duplicate', first?.urn]);
    expect(fake.state.livePosts(account.personUrn).filter((post) => post.text === 'only once')).toHaveLength(1);
  });

  it('a refused connection sent nothing: it is not uncertain, and the create is repeated in place until LinkedIn answers', async () => {
    const port = Number(new URL(fake.url).port);
    const proxy = await startCuttableProxy({ host: '127.0.0.1', port });
    try {
      const through = new LinkedInNetwork(settings({ LINKEDIN_API_BASE_URL: proxy.through(fake.url) }));
      await proxy.cut();
      const refused = await failureOf(new LinkedInNetwork(settings({ LINKEDIN_API_BASE_URL: proxy.through(fake.url), LINKEDIN_TIMEOUT: '1s' })).identity(account));
      expect([refused.kind, refused.notSent, refused.uncertain]).toEqual(['retryable', true, false]);
      // The port comes back while the client waits between repeats: one post, no duplicate answer.
      setTimeout(() => void proxy.restore(), 700);
      const published = await through.publishPost(account, { commentary: 'after a refused connection', reference: 'refused' });
      expect(
        fake.state
          .livePosts(account.personUrn)
          .filter((post) => post.text === 'after a refused connection')
          .map((post) => post.urn),
      ).toEqual([published.urn]);
    } finally {
      await proxy.close();
    }
  });

  it('media not ready yet (MEDIA_ASSET_WAITING_UPLOAD) is retried in place: nothing was created, so posting again is safe', async () => {
    fake.state.failNext('posts.create', { status: 422, body: { status: 422, code: 'MEDIA_ASSET_WAITING_UPLOAD', message: 'waiting' } });
    const published = await network.publishPost(account, { commentary: 'after waiting', reference: 'w' });
    expect(
      fake.state
        .livePosts(account.personUrn)
        .filter((post) => post.text === 'after waiting')
        .map((post) => post.urn),
    ).toEqual([published.urn]);
  });
});

describe('LinkedIn analytics and identity', () => {
  it.each(['object', 'string'] as const)('reads memberCreatorPostAnalytics with metricType as %s', async (shape) => {
    fake.state.metricTypeShape = shape;
    const published = await network.publishPost(account, { commentary: `metrics ${shape}`, reference: 'm' });
    fake.state.metrics.set(published.urn, { IMPRESSION: 1000, MEMBERS_REACHED: 700, REACTION: 40, COMMENT: 5, RESHARE: 3 });
    // The statistics are LinkedIn's to give only to the analytics app's token for the same person.
    const grant = fake.state.addAccount({ sub: account.personUrn.replace('urn:li:person:', ''), clientId: ANALYTICS_APP.clientId });
    const reader = { ...account, accessToken: grant.accessToken };
    expect(await network.postAnalytics(reader, published.urn)).toEqual({ impressions: 1000, membersReached: 700, likes: 40, comments: 5, shares: 3 });
    expect((await network.memberTotals(reader)).impressions).toBe(1000);
    // The share app's token carries no r_member_postAnalytics: LinkedIn's 403, permanent.
    const refused = await failureOf(network.postAnalytics(account, published.urn));
    expect([refused.kind, refused.status, refused.code]).toEqual(['permanent', 403, 'ACCESS_DENIED']);
  });

  it('reads the person URN from /v2/userinfo', async () => {
    const identity = await network.identity(account);
    expect(identity.personUrn).toBe(account.personUrn);
  });
});
