import { runCli } from '@lps/cli';
import { toLittleText } from '@lps/network';
import { createTestMember, createTestPost, startFakeLinkedIn, waitFor, type FakeLinkedIn, type TestMember } from '@lps/testing';
import { linkedInSteps } from './support/linkedin-steps.js';
import { outboxEvents, startPublishing, type PublishingHarness } from './support/publishing-harness.js';

// Attaching the URN by hand (decision 0017): a member whose publication failed although the post is on
// LinkedIn says which post it is, so it counts as published and its analytics follow. Over real HTTP,
// against the fake LinkedIn, with the publisher performing the analytics refresh.
let fake: FakeLinkedIn;
let harness: PublishingHarness;
let ada: TestMember;
let bob: TestMember;
let adaUrn: string;

const steps = linkedInSteps(
  () => harness,
  () => fake,
);
const { db, settled } = steps;
const http = () => harness.api.http;
const attach = (member: TestMember, postId: string, body: unknown) =>
  http()
    .post(`/posts/${postId}/network-post`)
    .set('Authorization', member.auth)
    .send(body as object);
/** A URN as LinkedIn makes them: its creation time in the bits above the lowest 22. */
const urnAt = (time: number, kind = 'share') => `urn:li:${kind}:${fake.state.nextPostId(time)}`;

beforeAll(async () => {
  fake = await startFakeLinkedIn();
  harness = await startPublishing(fake.env);
  ada = await createTestMember(harness.api.runtime, { displayName: 'Ada' });
  bob = await createTestMember(harness.api.runtime, { displayName: 'Bob' });
  for (const member of [ada, bob]) {
    expect((await steps.connect(member)).response.status).toBe(200);
    await steps.connectAnalyticsApp(member);
  }
  adaUrn = (await db().networkConnection.findUniqueOrThrow({ where: { memberId: ada.memberId } })).personUrn as string;
  await harness.startPublisher();
});
afterAll(async () => {
  await harness.stop();
  await fake.close();
});

describe('a failed publication whose post is on LinkedIn', () => {
  it("the member attaches the URN the failure named: the post is published at that post's time, post.published fires once, analytics follow", async () => {
    // Ada wrote the post here an hour ago, posted the same words by hand half an hour ago, then pressed publish.
    const post = await createTestPost(harness.api.runtime, ada.memberId, { body: 'posted by hand first #oops' });
    await db().post.update({ where: { id: post.id }, data: { createdAt: new Date(Date.now() - 3_600_000) } });
    const byHand = Date.now() - 1_800_000;
    const urn = urnAt(byHand);
    fake.state.posts.push({
      urn,
      author: adaUrn,
      commentary: toLittleText('posted by hand first #oops'),
      text: 'posted by hand first #oops',
      hashtags: ['oops'],
      mentions: [],
      content: null,
      createdAt: new Date(byHand),
      deleted: false,
    });
    await http().post(`/posts/${post.id}/publish`).set('Authorization', ada.auth).expect(202);
    const failed = await settled(post.id);
    expect(failed.lastError).toContain(`duplicate of ${urn}`);

    const response = await attach(ada, post.id, { network_post_urn: urn }).expect(200);
    expect(response.body.post).toMatchObject({
      status: 'published',
      network_post_urn: urn,
      network_url: `https://www.linkedin.com/feed/update/${urn}/`,
      published_at: new Date(Number(BigInt(urn.split(':')[3] as string) >> 22n)).toISOString(),
      last_error: null,
    });
    const events = (await outboxEvents(harness.api, 'post.published')).filter((event) => (event.payload as { post: { id: string } }).post.id === post.id);
    expect(events).toHaveLength(1);

    fake.state.metrics.set(urn, { IMPRESSION: 500, MEMBERS_REACHED: 300, REACTION: 20, COMMENT: 3, RESHARE: 2 });
    await http().get(`/posts/${post.id}/analytics`).set('Authorization', ada.auth).expect(200);
    const read = await waitFor(
      async () => {
        const answer = await http().get(`/posts/${post.id}/analytics`).set('Authorization', ada.auth).expect(200);
        return answer.body.source === 'linkedin' ? answer.body : undefined;
      },
      { what: 'analytics read from LinkedIn' },
    );
    expect(read).toMatchObject({ impressions: 500, likes: 20, comments: 3, shares: 2 });
    // A second attach changes nothing: the post is published.
    expect((await attach(ada, post.id, { network_post_urn: urn })).status).toBe(409);
  });
});

describe('what may be attached', () => {
  it("another member's post is 404, as if it did not exist", async () => {
    const bobsPost = await createTestPost(harness.api.runtime, bob.memberId, { body: 'bob' });
    const response = await attach(ada, bobsPost.id, { network_post_urn: urnAt(Date.now()) });
    expect([response.status, response.body.error.code]).toEqual([404, 'not_found']);
    expect((await db().post.findUniqueOrThrow({ where: { id: bobsPost.id } })).status).toBe('draft_saved');
  });

  it('a URN another post (of any member) carries is 409, and two posts racing for one URN: exactly one wins', async () => {
    const urn = urnAt(Date.now());
    const bobsPost = await createTestPost(harness.api.runtime, bob.memberId, { body: 'bob first' });
    await attach(bob, bobsPost.id, { network_post_urn: urn }).expect(200);
    const adasPost = await createTestPost(harness.api.runtime, ada.memberId, { body: 'ada second' });
    const taken = await attach(ada, adasPost.id, { network_post_urn: urn });
    expect([taken.status, taken.body.error.code]).toEqual([409, 'conflict']);

    const contested = urnAt(Date.now());
    const [first, second] = await Promise.all([createTestPost(harness.api.runtime, ada.memberId), createTestPost(harness.api.runtime, ada.memberId)]);
    const answers = await Promise.all([attach(ada, first.id, { network_post_urn: contested }), attach(ada, second.id, { network_post_urn: contested })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await db().post.count({ where: { networkPostUrn: contested } })).toBe(1);
  });

  it('a URN made before the post existed, or in the future, is 422 unprocessable', async () => {
    const post = await createTestPost(harness.api.runtime, ada.memberId);
    const before = await attach(ada, post.id, { network_post_urn: urnAt(post.createdAt.getTime() - 86_400_000) });
    expect([before.status, before.body.error.code, before.body.error.message]).toEqual([422, 'unprocessable', expect.stringContaining('before this post existed')]);
    const future = await attach(ada, post.id, { network_post_urn: urnAt(Date.now() + 86_400_000, 'ugcPost') });
    expect([future.status, future.body.error.code]).toEqual([422, 'unprocessable']);
  });

  it('a post whose publication is in flight is 409: the publisher owns it until it ends', async () => {
    const post = await createTestPost(harness.api.runtime, ada.memberId);
    await db().post.update({ where: { id: post.id }, data: { publishRequestedAt: new Date(), statusBeforePublish: 'draft_saved' } });
    const response = await attach(ada, post.id, { network_post_urn: urnAt(Date.now()) });
    expect([response.status, response.body.error.code]).toEqual([409, 'conflict']);
  });

  it.each([
    ['a NUL byte', { network_post_urn: `${'urn:li:share:7045020441609936898'}\u0000` }],
    ['white space around it', { network_post_urn: ' urn:li:share:7045020441609936898' }],
    ['a leading zero', { network_post_urn: 'urn:li:share:07045020441609936898' }],
    ['a person URN', { network_post_urn: 'urn:li:person:abc' }],
    ['an activity URN', { network_post_urn: 'urn:li:activity:7045020441609936898' }],
    ['twenty digits', { network_post_urn: `urn:li:share:${'9'.repeat(20)}` }],
    ['full-width digits', { network_post_urn: 'urn:li:share:７０４５' }],
    ['a huge value', { network_post_urn: `urn:li:share:${'1'.repeat(100_000)}` }],
    ['an array', { network_post_urn: ['urn:li:share:7045020441609936898'] }],
    ['nothing', {}],
    ['an unknown field', { network_post_urn: 'urn:li:share:7045020441609936898', status: 'published' }],
  ])('%s is 422 validation_error, nothing changed', async (_what, body) => {
    const post = await createTestPost(harness.api.runtime, ada.memberId);
    const response = await attach(ada, post.id, body);
    expect([response.status, response.body.error.code]).toEqual([422, 'validation_error']);
    expect((await db().post.findUniqueOrThrow({ where: { id: post.id } })).status).toBe('draft_saved');
  });
});

describe('lps post attach', () => {
  const saved = { ...process.env };
  beforeAll(() => Object.assign(process.env, fake.env, { DATABASE_URL: harness.api.runtime.config.database.url, LOG_LEVEL: 'silent' }));
  afterAll(() => {
    process.env = saved;
  });
  const cli = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runCli(argv, (text) => lines.push(text));
    return { code, lines };
  };

  it("attaches a URN to any member's post (the operator's command), with the same rules", async () => {
    const post = await createTestPost(harness.api.runtime, bob.memberId);
    const urn = urnAt(Date.now(), 'ugcPost');
    const done = await cli('post', 'attach', post.id, urn, '--json');
    expect(done.code).toBe(0);
    expect(JSON.parse(done.lines[0] as string)).toMatchObject({ post_id: post.id, member_id: bob.memberId, network_post_urn: urn });
    expect(await db().post.findUniqueOrThrow({ where: { id: post.id } })).toMatchObject({ status: 'published', networkPostUrn: urn });
    expect((await cli('post', 'attach', post.id, urn)).code).toBe(2);
    expect((await cli('post', 'attach', post.id, 'urn:li:share:1\u0000')).code).toBe(2);
    expect((await cli('post', 'attach', 'not-a-uuid', urn)).code).toBe(2);
    expect((await cli('post', 'attach', '00000000-0000-4000-8000-000000000000', urn)).code).toBe(2);
  });
});
