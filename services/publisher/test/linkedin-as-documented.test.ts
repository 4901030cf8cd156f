import { jest } from '@jest/globals';
import { startHealthServer, type HealthServer, type RunningService } from '@lps/runtime';
import { createStorage } from '@lps/storage';
import { toLittleText } from '@lps/network';
import { createTestMember, createTestPost, hugePng, startFakeLinkedIn, type FakeLinkedIn, type TestMember } from '@lps/testing';
import { pdf } from '../../api/test/support/image-fixtures.js';
import { linkedInSteps } from './support/linkedin-steps.js';
import { startPublishing, type PublishingHarness } from './support/publishing-harness.js';

// Publishing through the API and the publisher against a fake LinkedIn that behaves as LinkedIn
// documents (and integrators report): what the member meets, end to end.
let fake: FakeLinkedIn;
let harness: PublishingHarness;
let publisher: RunningService;
let ada: TestMember;
let adaUrn: string;

const { db, connect, settled, publish } = linkedInSteps(
  () => harness,
  () => fake,
);
const http = () => harness.api.http;
const onLinkedIn = (urn: string | null) => fake.state.posts.find((post) => post.urn === urn);
const requestsSince = (count: number, path: RegExp) => fake.state.requests.slice(count).filter((request) => path.test(request.path));

beforeAll(async () => {
  fake = await startFakeLinkedIn();
  harness = await startPublishing({ ...fake.env, LINKEDIN_TIMEOUT: '2s' }, { imageService: true });
  ada = await createTestMember(harness.api.runtime, { displayName: 'Ada' });
  // r_member_social: the (private) permission that lets a member's token read their posts back.
  await connect(ada, ['openid', 'profile', 'email', 'w_member_social', 'r_member_social']);
  adaUrn = (await db().networkConnection.findUniqueOrThrow({ where: { memberId: ada.memberId } })).personUrn as string;
  publisher = await harness.startPublisher();
});
afterAll(async () => {
  await harness.stop();
  await fake.close();
});

describe('hashtags and mentions, from the body to what LinkedIn shows', () => {
  it("the writer's and the member's #tags arrive as hashtags and @[Name](urn) as a mention; the rest reads as written", async () => {
    const body = 'Thanks @[Grace Hopper](urn:li:person:grace42) for the review (again)!\n\n#compilers #NavyHistory';
    const done = await settled((await publish(ada, body)).id);
    expect(done.status).toBe('published');
    expect(onLinkedIn(done.networkPostUrn)).toMatchObject({
      text: 'Thanks Grace Hopper for the review (again)!\n\n#compilers #NavyHistory',
      hashtags: ['compilers', 'NavyHistory'],
      mentions: [{ name: 'Grace Hopper', urn: 'urn:li:person:grace42' }],
    });
  });
});

describe('recovery adopts only our own post', () => {
  it('a retry answered "duplicate of" a post the member deleted (a ghost, 404) fails with a clear last_error, adopting nothing', async () => {
    const first = await settled((await publish(ada, 'words said once, then deleted')).id);
    onLinkedIn(first.networkPostUrn)!.deleted = true;
    fake.state.failNext('posts.create', { status: 500, body: { status: 500, message: 'Internal Server Error' } });
    const again = await settled((await publish(ada, 'words said once, then deleted')).id);
    expect(again).toMatchObject({
      status: 'draft_saved',
      networkPostUrn: null,
      lastError: expect.stringMatching(new RegExp(`duplicate of ${first.networkPostUrn}.*no longer exists`)),
    });
  });

  it('a retry answered "duplicate of" another member\'s post fails: LinkedIn will not show it to us (403), so it is not adopted', async () => {
    const bob = fake.state.addAccount({ scopes: ['w_member_social', 'r_member_social'] });
    const bobs = `urn:li:share:${fake.state.nextId()}`;
    fake.state.posts.push({ urn: bobs, author: bob.personUrn, commentary: 'mine', text: 'mine', hashtags: [], mentions: [], content: null, createdAt: new Date(), deleted: false });
    fake.state.failNext('posts.create', { status: 500, body: { status: 500, message: 'Internal Server Error' } });
    fake.state.failNext('posts.create', { status: 422, body: { status: 422, message: `ERROR :: /commentary :: Content is a duplicate of ${bobs}` } });
    const done = await settled((await publish(ada, "not bob's words")).id);
    expect(done).toMatchObject({ status: 'draft_saved', networkPostUrn: null, lastError: expect.stringMatching(/could not be read back.*403 ACCESS_DENIED/) });
    expect(done.lastError).toContain(`https://www.linkedin.com/feed/update/${bobs}/`);
  });

  it('a retry answered "duplicate of" our own post with other text fails rather than adopt it', async () => {
    const older = await settled((await publish(ada, 'an older post of ours')).id);
    fake.state.failNext('posts.create', { status: 500, body: { status: 500, message: 'Internal Server Error' } });
    fake.state.failNext('posts.create', { status: 422, body: { status: 422, message: `ERROR :: /commentary :: Content is a duplicate of ${older.networkPostUrn}` } });
    const done = await settled((await publish(ada, 'a newer post')).id);
    expect(done).toMatchObject({ status: 'draft_saved', lastError: expect.stringContaining('commentary differs') });
  });

  it('a retry answered "duplicate of" our own older post with the same text fails: read back, it was created before this publication', async () => {
    const lastWeek = Date.now() - 7 * 86_400_000;
    const olderUrn = `urn:li:share:${fake.state.nextPostId(lastWeek)}`;
    fake.state.posts.push({
      urn: olderUrn,
      author: adaUrn,
      commentary: toLittleText('the same words, a week apart'),
      text: 'the same words, a week apart',
      hashtags: [],
      mentions: [],
      content: null,
      createdAt: new Date(lastWeek),
      deleted: false,
    });
    fake.state.failNext('posts.create', { status: 500, body: { status: 500, message: 'Internal Server Error' } });
    const done = await settled((await publish(ada, 'the same words, a week apart')).id);
    expect(done).toMatchObject({ status: 'draft_saved', networkPostUrn: null, lastError: expect.stringContaining('an earlier post with the same text') });
  });

  it('a time-out after LinkedIn created the post is still adopted: the read-back shows our author and text (one GET, one post)', async () => {
    const before = fake.state.requests.length;
    fake.state.failNext('posts.create', { hangAfterSuccessMs: 4_000 });
    const done = await settled((await publish(ada, 'timed out, then read back #ok')).id);
    expect(done.status).toBe('published');
    expect(
      fake.state
        .livePosts(adaUrn)
        .filter((post) => post.text === 'timed out, then read back #ok')
        .map((post) => post.urn),
    ).toEqual([done.networkPostUrn]);
    expect(requestsSince(before, /^\/rest\/posts\/urn/)).toHaveLength(1);
  });
});

describe('media', () => {
  it('is uploaded once per publication: a retry reuses the asset kept with the claim', async () => {
    const post = await createTestPost(harness.api.runtime, ada.memberId, { body: 'with a picture, retried' });
    const stored = await createStorage(harness.api.runtime.config).put(`${ada.memberId}/${post.id}/chosen.png`, await hugePng(4, 3), 'image/png');
    await db().post.update({ where: { id: post.id }, data: { imageUrl: stored.url, format: 'image' } });
    const before = fake.state.requests.length;
    fake.state.failNext('posts.create', { status: 503, body: { status: 503, message: 'Service Unavailable' } });
    await http().post(`/posts/${post.id}/publish`).set('Authorization', ada.auth).expect(202);
    const done = await settled(post.id);
    expect([done.status, done.publishAttempts, done.publishMediaUrn]).toEqual(['published', 2, null]);
    const uploads = requestsSince(before, /^\/rest\/images\?action=initializeUpload$/);
    expect(uploads).toHaveLength(1);
    const [asset] = [...fake.state.assets.values()].filter((entry) => entry.kind === 'image').slice(-1);
    expect(onLinkedIn(done.networkPostUrn)?.content).toEqual({ media: { id: asset!.urn } });
  });

  it('a PDF uploaded by the member goes out titled with its own file name, never upload-<uuid>.pdf', async () => {
    const post = await createTestPost(harness.api.runtime, ada.memberId, { body: 'Our Q3 numbers\nin ten slides' });
    await http()
      .post(`/posts/${post.id}/images/upload`)
      .set('Authorization', ada.auth)
      .attach('file', await pdf(2), { filename: 'C:\\decks\\Q3 numbers.pdf', contentType: 'application/pdf' })
      .expect(201);
    await http().post(`/posts/${post.id}/publish`).set('Authorization', ada.auth).expect(202);
    const done = await settled(post.id);
    expect(onLinkedIn(done.networkPostUrn)?.content).toMatchObject({ media: { id: expect.stringMatching(/^urn:li:document:/), title: 'Q3 numbers.pdf' } });
  });

  it("a PDF without a name of its own (a rendered carousel) is titled with the post's first line", async () => {
    const post = await createTestPost(harness.api.runtime, ada.memberId, { body: '\nFive lessons from shipping weekly\n\n1. …' });
    const stored = await createStorage(harness.api.runtime.config).put(`${ada.memberId}/${post.id}/carousel-1.pdf`, await pdf(3), 'application/pdf');
    await db().post.update({
      where: { id: post.id },
      data: { imageUrl: stored.url, format: 'document', imageCandidates: [{ base_url: stored.url, width: 1080, height: 1350, kind: 'document', source: 'generated' }] },
    });
    await http().post(`/posts/${post.id}/publish`).set('Authorization', ada.auth).expect(202);
    const done = await settled(post.id);
    expect(onLinkedIn(done.networkPostUrn)?.content).toMatchObject({ media: { title: 'Five lessons from shipping weekly' } });
  });
});

// Last: it leaves this publisher's alarm raised, as it stays in a real process until LINKEDIN_API_VERSION changes.
describe('a retired API version', () => {
  let health: HealthServer;
  afterAll(async () => health.stop());

  it('fails the publication naming LINKEDIN_API_VERSION, logs one error per process, and /ready says so', async () => {
    health = await startHealthServer(harness.api.runtime, 0, () => publisher.readiness?.() ?? {});
    const ready = async () => {
      const response = await fetch(`http://127.0.0.1:${health.port}/ready`);
      return { status: response.status, body: (await response.json()) as { ready: boolean; checks: Record<string, string> } };
    };
    expect((await ready()).body).toMatchObject({ ready: true, checks: { linkedin_api_version: 'ok' } });
    const errors = jest.spyOn(harness.api.runtime.logger, 'error');
    const retired = { status: 426, body: { status: 426, code: 'NONEXISTENT_VERSION', message: 'Requested version 202601 is not active' } };
    fake.state.failNext('posts.create', retired);
    fake.state.failNext('posts.create', retired);
    const first = await settled((await publish(ada, 'before the version was renewed', 'approved')).id);
    const second = await settled((await publish(ada, 'still before the renewal', 'approved')).id);
    for (const done of [first, second]) {
      expect(done).toMatchObject({ status: 'approved', publishAttempts: 1, lastError: expect.stringContaining('set LINKEDIN_API_VERSION to a current version') });
    }
    expect(errors.mock.calls.filter(([message]) => String(message).includes('LINKEDIN_API_VERSION'))).toHaveLength(1);
    const answer = await ready();
    expect(answer.status).toBe(503);
    expect(answer.body.checks.linkedin_api_version).toContain('LINKEDIN_API_VERSION');
  });
});
