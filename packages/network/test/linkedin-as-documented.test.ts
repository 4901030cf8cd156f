import { loadConfig } from '@lps/config';
import { linkedInPostCreatedAt, LinkedInNetwork, NetworkError, toLittleText, type NetworkAccount } from '@lps/network';
import { hugePng, startFakeLinkedIn, type FakeLinkedIn } from '@lps/testing';

// The client against a fake that behaves as LinkedIn's pages (and integrators' reports) describe:
// little text read as documented, uploads on another host, media PROCESSING for a moment after
// the upload, duplicate detection over deleted posts too, posts read back by URN.
let fake: FakeLinkedIn;
let network: LinkedInNetwork;
let account: NetworkAccount;

beforeAll(async () => {
  fake = await startFakeLinkedIn();
  network = new LinkedInNetwork(loadConfig({ ...fake.env, LINKEDIN_TIMEOUT: '2s' }).network.linkedin);
});
afterAll(async () => fake.close());
// r_member_social (private, granted to few apps) lets a member's token read their own posts back.
const READER_SCOPES = ['openid', 'profile', 'email', 'w_member_social', 'r_member_social'];
beforeEach(() => {
  const created = fake.state.addAccount({ scopes: READER_SCOPES });
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

describe('hashtags and mentions: body → commentary → what LinkedIn shows', () => {
  it('#word becomes a hashtag, @[Name](urn) a mention, everything else reads as written', async () => {
    const body = 'Shipping #TypeScript tips with @[Ada (Lovelace)](urn:li:person:abc_123) & @[Acme](urn:li:organization:42).\n#DevOps #café #हिन्दी';
    const published = await network.publishPost(account, { commentary: toLittleText(body), reference: 'h1' });
    expect(stored(published.urn)).toMatchObject({
      text: body.replace('@[Ada (Lovelace)](urn:li:person:abc_123)', 'Ada (Lovelace)').replace('@[Acme](urn:li:organization:42)', 'Acme'),
      hashtags: ['TypeScript', 'DevOps', 'café', 'हिन्दी'],
      mentions: [
        { name: 'Ada (Lovelace)', urn: 'urn:li:person:abc_123' },
        { name: 'Acme', urn: 'urn:li:organization:42' },
      ],
    });
  });

  it.each([
    ['C# and F# are languages', []],
    ['issue#4 and we are #1', []],
    ['see https://example.test/docs#install and www.example.test/#top', []],
    ['a lone # and ## double', []],
    ['#ci/cd and #under_score', ['ci', 'under']],
    ['(#inparens) "#quoted" #end.', ['inparens', 'quoted', 'end']],
    ['東京の旅 ＃旅行 and #東京', ['旅行', '東京']],
  ])('%s: tags %j, and the text still reads exactly as written', async (body, tags) => {
    const published = await network.publishPost(account, { commentary: toLittleText(body), reference: 'h2' });
    expect(stored(published.urn)).toMatchObject({ text: body, hashtags: tags });
  });

  it('something that only looks like a mention (no URN, a URL, unclosed) stays text', async () => {
    const body = 'mail @[me](mailto:x) or @[Ada](https://example.test) or @[Ada](urn:li:person:1 and @ada';
    const published = await network.publishPost(account, { commentary: toLittleText(body), reference: 'h3' });
    expect(stored(published.urn)).toMatchObject({ text: body, mentions: [] });
  });

  it('writes the hashtag template with an escaped sign and escapes reserved characters inside a mention name', () => {
    expect(toLittleText('#ai @[A_B](urn:li:person:x) *')).toBe('{hashtag|\\#|ai} @[A\\_B](urn:li:person:x) \\*');
  });
});

describe('reading a post back (recovery after a duplicate answer)', () => {
  it('our post, with our text, is ours', async () => {
    const published = await network.publishPost(account, { commentary: toLittleText('read me back #ok'), reference: 'r1' });
    const check = await network.checkOwnPost(account, published.urn, toLittleText('read me back #ok'));
    expect(check).toEqual({ verdict: 'ours', createdAt: expect.any(Date) });
    // The Posts API's createdAt, and the time LinkedIn's ids carry (decision 0017), say the same.
    expect(Math.abs((check as { createdAt: Date }).createdAt.getTime() - (linkedInPostCreatedAt(published.urn) as Date).getTime())).toBeLessThan(1_000);
  });

  it('a deleted post is still named by the duplicate check ("ghost") and reads back as gone (404)', async () => {
    const first = await network.publishPost(account, { commentary: 'said and deleted', reference: 'g' });
    await network.deletePost(account, first.urn);
    const duplicate = await failureOf(network.publishPost(account, { commentary: 'said and deleted', reference: 'g' }));
    expect([duplicate.kind, duplicate.duplicateOf]).toEqual(['duplicate', first.urn]);
    expect(await network.checkOwnPost(account, first.urn, 'said and deleted')).toEqual({ verdict: 'gone' });
  });

  it('our post with other text is not ours', async () => {
    const ours = await network.publishPost(account, { commentary: 'older words', reference: 'x' });
    expect(await network.checkOwnPost(account, ours.urn, 'newer words')).toEqual({ verdict: 'not ours', reason: expect.stringContaining('commentary differs') });
  });

  it("another member's post cannot be read (403), nor our own without r_member_social: an error, never a verdict of ours", async () => {
    const other = fake.state.addAccount({ scopes: READER_SCOPES });
    const theirs = await network.publishPost({ memberId: 'o', personUrn: other.personUrn, accessToken: other.accessToken }, { commentary: 'same words', reference: 'o' });
    const foreign = await failureOf(network.checkOwnPost(account, theirs.urn, 'same words'));
    expect([foreign.kind, foreign.status, foreign.code]).toEqual(['permanent', 403, 'ACCESS_DENIED']);
    const writer = fake.state.addAccount();
    const writerAccount = { memberId: 'w', personUrn: writer.personUrn, accessToken: writer.accessToken };
    const own = await network.publishPost(writerAccount, { commentary: 'cannot read my own', reference: 'w' });
    expect((await failureOf(network.checkOwnPost(writerAccount, own.urn, 'cannot read my own'))).status).toBe(403);
  });

  it('reads with the versioned Rest.li headers at /rest/posts/{encoded urn}', async () => {
    const published = await network.publishPost(account, { commentary: 'headers on read', reference: 'r2' });
    await network.checkOwnPost(account, published.urn, 'headers on read');
    const read = fake.state.requests.filter((request) => request.method === 'GET' && request.path === `/rest/posts/${encodeURIComponent(published.urn)}`);
    expect(read).toHaveLength(1);
    expect(read[0]?.headers['linkedin-version']).toBe('202601');
  });
});

describe('uploads', () => {
  it('go to the upload host LinkedIn names (not the API host), with the token and without the API version headers', async () => {
    const before = fake.state.requests.length;
    await network.uploadImage(account, await hugePng(3, 2), 'image/png');
    const put = fake.state.requests.slice(before).find((request) => request.method === 'PUT');
    expect(put).toMatchObject({ host: 'upload', path: expect.stringMatching(/^\/dms-uploads\//) });
    expect(fake.uploadUrl).not.toBe(fake.url);
    expect(put?.headers.authorization).toBe(`Bearer ${account.accessToken}`);
    expect(put?.headers['linkedin-version']).toBeUndefined();
    expect(put?.headers['x-restli-protocol-version']).toBeUndefined();
  });

  it('an image still PROCESSING when the post is made is waited for: one post, with that image', async () => {
    const image = await network.uploadImage(account, await hugePng(3, 2), 'image/png');
    const before = fake.state.requests.length;
    const published = await network.publishPost(account, { commentary: 'right after the upload', reference: 'p', media: { kind: 'image', urn: image } });
    const calls = fake.state.requests.slice(before).filter((request) => request.path === '/rest/posts');
    expect(calls.length).toBeGreaterThan(1);
    expect(fake.state.posts.filter((post) => post.text === 'right after the upload').map((post) => post.urn)).toEqual([published.urn]);
    expect(stored(published.urn)?.content).toEqual({ media: { id: image } });
  });
});
