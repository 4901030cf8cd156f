import { loadConfig } from '@lps/config';
import { composeCommentary, LinkedInNetwork, MemorySandboxStore, NetworkError, SandboxNetwork, type NetworkAccount, type PollRequest, type PublishRequest } from '@lps/network';
import { hugePng, startFakeLinkedIn, type FakeLinkedIn } from '@lps/testing';

// Polls (decision 0033): the client sends content.poll as LinkedIn's Poll API page documents it and
// refuses, before any call, what LinkedIn refuses; the fake, written from that page (and integrators'
// reports where it is silent), refuses those requests when they are sent to it anyway.
let fake: FakeLinkedIn;
let network: LinkedInNetwork;
let account: NetworkAccount;
let token: string;

beforeAll(async () => {
  fake = await startFakeLinkedIn();
  fake.state.mediaProcessingMs = 0;
  network = new LinkedInNetwork(loadConfig({ ...fake.env, LINKEDIN_TIMEOUT: '5s' }).network.linkedin);
});
afterAll(async () => fake.close());
beforeEach(() => {
  const created = fake.state.addAccount();
  account = { memberId: 'm', personUrn: created.personUrn, accessToken: created.accessToken };
  token = created.accessToken;
});

const POLL: PollRequest = { question: 'Which do you ship on Fridays?', options: ['Nothing', 'Small fixes', 'Everything'], durationDays: 3 };
const request = (poll: PollRequest, extra: Partial<PublishRequest> = {}): PublishRequest => ({
  commentary: composeCommentary('Vote #now').commentary,
  reference: 'p',
  poll,
  ...extra,
});
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as NetworkError,
  );
const createsSince = (count: number) => fake.state.requests.slice(count).filter((entry) => entry.method === 'POST' && entry.path === '/rest/posts');

/** A create sent to the fake as any client could send it, without our client's checks. */
async function rawCreate(content: unknown, commentary = `raw ${Math.random()}`) {
  const response = await fetch(`${fake.url}/rest/posts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'LinkedIn-Version': '202601', 'X-Restli-Protocol-Version': '2.0.0', 'Content-Type': 'application/json' },
    body: JSON.stringify({ author: account.personUrn, commentary, visibility: 'PUBLIC', lifecycleState: 'PUBLISHED', content }),
  });
  return { status: response.status, body: response.status === 201 ? null : ((await response.json()) as { code?: string; message: string }) };
}
const documented = (poll: Record<string, unknown> = {}) => ({
  poll: { question: 'Q?', options: [{ text: 'a' }, { text: 'b' }], settings: { duration: 'ONE_DAY', voteSelectionType: 'SINGLE_VOTE', isVoterVisibleToAuthor: true }, ...poll },
});

describe('the client', () => {
  it('sends content.poll: the question, options as {text}, the duration named as LinkedIn names it, one vote, voters visible to the author', async () => {
    const published = await network.publishPost(account, request(POLL));
    expect(fake.state.posts.find((post) => post.urn === published.urn)?.content).toEqual({
      poll: {
        question: POLL.question,
        options: [{ text: 'Nothing' }, { text: 'Small fixes' }, { text: 'Everything' }],
        settings: { duration: 'THREE_DAYS', voteSelectionType: 'SINGLE_VOTE', isVoterVisibleToAuthor: true },
      },
    });
  });

  it.each([
    ['1 option', { ...POLL, options: ['only'] }, /2 to 4 options, not 1/],
    ['5 options', { ...POLL, options: ['a', 'b', 'c', 'd', 'e'] }, /2 to 4 options, not 5/],
    ['a 31-character option', { ...POLL, options: ['a', 'x'.repeat(31)] }, /poll option 2 has 31 characters; LinkedIn takes at most 30/],
    ['a 141-character question', { ...POLL, question: 'q'.repeat(141) }, /question has 141 characters; LinkedIn takes at most 140/],
    ['an empty option', { ...POLL, options: ['a', ' '] }, /poll option 2 is empty/],
    ['a 2-day duration', { ...POLL, durationDays: 2 as 1 }, /1, 3, 7 or 14 days, not 2/],
  ])('refuses %s before any call (permanent), naming why', async (_name, poll, why) => {
    const before = fake.state.requests.length;
    const error = await failureOf(network.publishPost(account, request(poll as PollRequest)));
    expect([error.kind, error.message]).toEqual(['permanent', expect.stringMatching(why)]);
    expect(createsSince(before)).toHaveLength(0);
  });

  it('refuses a poll beside an image or a link card before any call: LinkedIn takes one kind of content', async () => {
    const image = await network.uploadImage(account, await hugePng(4, 4), 'image/png');
    const before = fake.state.requests.length;
    for (const extra of [
      { media: { kind: 'image' as const, urn: image } },
      { images: [{ urn: image }, { urn: image }] },
      { article: { source: 'https://example.test/', title: 't' } },
    ]) {
      const error = await failureOf(network.publishPost(account, request(POLL, extra)));
      expect([error.kind, error.message]).toEqual(['permanent', expect.stringMatching(/one kind of content.*a poll \(never with media\)/)]);
    }
    expect(createsSince(before)).toHaveLength(0);
  });
});

describe('the fake, as LinkedIn documents it', () => {
  it.each([
    ['5 options', documented({ options: ['a', 'b', 'c', 'd', 'e'].map((text) => ({ text })) }), 'INVALID_CONTENT'],
    ['1 option', documented({ options: [{ text: 'a' }] }), 'INVALID_CONTENT'],
    ['an option of 31 characters', documented({ options: [{ text: 'a' }, { text: 'x'.repeat(31) }] }), 'FIELD_LENGTH_TOO_LONG'],
    ['a question of 141 characters', documented({ question: 'q'.repeat(141) }), 'FIELD_LENGTH_TOO_LONG'],
    ['no question', documented({ question: undefined }), 'MISSING_FIELD'],
    ['a duration in days', documented({ settings: { duration: 3 } }), 'INVALID_FIELD_VALUE'],
    ['MULTIPLE_VOTE', documented({ settings: { duration: 'ONE_DAY', voteSelectionType: 'MULTIPLE_VOTE' } }), 'INVALID_FIELD_VALUE'],
    ['voters hidden from the author', documented({ settings: { duration: 'ONE_DAY', isVoterVisibleToAuthor: false } }), 'INVALID_FIELD_VALUE'],
    ['a poll beside an image', { ...documented(), media: { id: 'urn:li:image:C1' } }, 'INVALID_CONTENT'],
  ])('refuses %s with 400 and creates nothing', async (_name, content, code) => {
    const before = fake.state.posts.length;
    const answer = await rawCreate(content);
    expect([answer.status, answer.body?.code]).toEqual([400, code]);
    expect(fake.state.posts.length).toBe(before);
  });

  it('takes two identical options: the page says nothing against them (lps refuses them itself)', async () => {
    expect((await rawCreate(documented({ options: [{ text: 'Same' }, { text: 'Same' }] }))).status).toBe(201);
  });
});

describe('the sandbox network', () => {
  it('keeps the poll with the commentary, and refuses what LinkedIn refuses before storing anything', async () => {
    const store = new MemorySandboxStore();
    const sandbox = new SandboxNetwork(store);
    const sandboxAccount = { memberId: 'm1', personUrn: 'urn:li:person:sandbox-m1' };
    const published = await sandbox.publishPost(sandboxAccount, request(POLL));
    expect(await store.findByUrn(published.urn)).toMatchObject({ poll: POLL, commentary: 'Vote {hashtag|\\#|now}' });
    const image = await sandbox.uploadImage(sandboxAccount);
    for (const refused of [request({ ...POLL, options: ['only'] }), request(POLL, { media: { kind: 'image', urn: image } }), request({ ...POLL, question: 'q'.repeat(141) })]) {
      await expect(sandbox.publishPost(sandboxAccount, refused)).rejects.toMatchObject({ kind: 'permanent' });
    }
    expect(await store.listPosts()).toHaveLength(1);
  });

  it('refuses a commentary over 3,000 UTF-16 code units, as LinkedIn, before storing anything', async () => {
    const store = new MemorySandboxStore();
    const sandbox = new SandboxNetwork(store);
    const sandboxAccount = { memberId: 'm1', personUrn: 'urn:li:person:sandbox-m1' };
    await sandbox.publishPost(sandboxAccount, { commentary: '😀'.repeat(1500), reference: 'at' });
    await expect(sandbox.publishPost(sandboxAccount, { commentary: `${'😀'.repeat(1500)}x`, reference: 'over' })).rejects.toMatchObject({
      kind: 'permanent',
      code: 'COMMENTARY_TOO_LONG',
      message: expect.stringMatching(/3,001 characters.*shorten it by 1/),
    });
    expect(await store.listPosts()).toHaveLength(1);
  });
});
