import { createOAuthLink } from '@lps/cli';
import { toLittleText } from '@lps/network';
import { createTestMember, createTestPost, startFakeLinkedIn, waitFor, type FakeLinkedIn, type TestMember } from '@lps/testing';
import { linkedInSteps } from './support/linkedin-steps.js';
import { outboxEvents, startPublishing, type PublishingHarness } from './support/publishing-harness.js';

let fake: FakeLinkedIn;
let harness: PublishingHarness;
let ada: TestMember;

const { db, origin, connect, settled, publish } = linkedInSteps(
  () => harness,
  () => fake,
);
const http = () => harness.api.http;

beforeAll(async () => {
  fake = await startFakeLinkedIn();
  // Short enough for the time-out test, long enough that no other answer (a 429, say) is
  // mistaken for a time-out on a loaded machine: at 500 ms one CI run saw exactly that.
  harness = await startPublishing({ ...fake.env, LINKEDIN_TIMEOUT: '2s' });
  ada = await createTestMember(harness.api.runtime, { displayName: 'Ada' });
  await harness.startPublisher();
});
afterAll(async () => {
  await harness.stop();
  await fake.close();
});

describe('connecting a member (OAuth)', () => {
  it('starts unconnected: publishing answers 422 unprocessable', async () => {
    expect((await http().get('/me').set('Authorization', ada.auth)).body.member.network_connected).toBe(false);
    const post = await createTestPost(harness.api.runtime, ada.memberId);
    const response = await http().post(`/posts/${post.id}/publish`).set('Authorization', ada.auth);
    expect([response.status, response.body.error.code]).toEqual([422, 'unprocessable']);
  });

  it('the callback exchanges the code, reads userinfo, stores the tokens encrypted, and the state works once', async () => {
    const { state, response } = await connect(ada);
    expect(response.status).toBe(200);
    const connection = await db().networkConnection.findUniqueOrThrow({ where: { memberId: ada.memberId } });
    expect(connection.personUrn).toMatch(/^urn:li:person:/);
    // The stored value is ciphertext: it decrypts to LinkedIn's token and does not contain it.
    // (Not "contains no 'AQ'": two random base64 characters occur in ~2% of ciphertexts.)
    const token = harness.api.runtime.keyring.decrypt(connection.accessTokenEnc as string);
    expect(token).toMatch(/^AQ.{8,}/);
    expect(connection.accessTokenEnc).not.toContain(token);
    expect(connection.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    expect((await http().get('/me').set('Authorization', ada.auth)).body.member.network_connected).toBe(true);
    const replay = await origin().get('/oauth/linkedin/callback').query({ code: fake.state.issueCode(), state });
    expect(replay.status).toBe(400);
  });

  it('refuses a tampered state and reports a denial without connecting', async () => {
    const bob = await createTestMember(harness.api.runtime, { displayName: 'Bob' });
    const state = await createOAuthLink(db(), harness.api.runtime.keyring, { memberId: bob.memberId });
    expect(
      (
        await origin()
          .get('/oauth/linkedin/callback')
          .query({ code: fake.state.issueCode(), state: `${state}x` })
      ).status,
    ).toBe(400);
    expect((await origin().get('/oauth/linkedin/callback').query({ error: 'user_cancelled_login', state })).status).toBe(400);
    expect(await db().networkConnection.findUnique({ where: { memberId: bob.memberId } })).toBeNull();
  });
});

describe('connecting a member already connected to another LinkedIn person', () => {
  it('is refused (409, nothing changed) unless the link was made with --replace, and says as whom', async () => {
    const cleo = await createTestMember(harness.api.runtime, { displayName: 'Cleo' });
    const first = await origin()
      .get('/oauth/linkedin/callback')
      .query({ code: fake.state.issueCode({ name: 'Cleo Own' }), state: await createOAuthLink(db(), harness.api.runtime.keyring, { memberId: cleo.memberId }) });
    expect(first.status).toBe(200);
    const before = await db().networkConnection.findUniqueOrThrow({ where: { memberId: cleo.memberId } });

    const intruder = fake.state.issueCode({ name: 'Someone Else' });
    const refused = await origin()
      .get('/oauth/linkedin/callback')
      .query({ code: intruder, state: await createOAuthLink(db(), harness.api.runtime.keyring, { memberId: cleo.memberId }) });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(before.personUrn as string);
    expect(refused.text).toContain('--replace');
    expect(await db().networkConnection.findUniqueOrThrow({ where: { memberId: cleo.memberId } })).toEqual(before);

    // Signing in again as the same person is a renewal, not a replacement.
    const renewed = await origin()
      .get('/oauth/linkedin/callback')
      .query({
        code: fake.state.issueCode({ sub: (before.personUrn as string).replace('urn:li:person:', ''), name: 'Cleo Own' }),
        state: await createOAuthLink(db(), harness.api.runtime.keyring, { memberId: cleo.memberId }),
      });
    expect(renewed.status).toBe(200);

    const replaceState = await createOAuthLink(db(), harness.api.runtime.keyring, { memberId: cleo.memberId, replace: true });
    const replaced = await origin()
      .get('/oauth/linkedin/callback')
      .query({ code: fake.state.issueCode({ name: 'Someone Else' }), state: replaceState });
    expect(replaced.status).toBe(200);
    expect((await db().networkConnection.findUniqueOrThrow({ where: { memberId: cleo.memberId } })).personUrn).not.toBe(before.personUrn);
  });
});

describe('publishing to LinkedIn', () => {
  it('publishes with every reserved character escaped, so the post reads as written', async () => {
    const body = 'Release notes (v2) #shipping: 50% faster *builds* @team [beta] <3 ~ok_ {x|y} \\o/';
    const post = await publish(ada, body);
    const done = await settled(post.id);
    expect(done.status).toBe('published');
    expect(fake.state.posts.find((entry) => entry.urn === done.networkPostUrn)?.text).toBe(body);
  });

  it('a 500 is retried and then published', async () => {
    fake.state.failNext('posts.create', { status: 500, body: { status: 500, message: 'Internal Server Error' } });
    const done = await settled((await publish(ada, 'after a 500')).id);
    expect([done.status, done.publishAttempts]).toEqual(['published', 2]);
  });

  // Until issue 17 this finished "published" on faith; from issue 17 to 27 it failed although the post was live.
  // Without r_member_social the post cannot be read back, but its id says it was made during this publication's
  // attempts (decision 0017): adopted, with no read-back call at all.
  it('a time-out after LinkedIn created the post, for an app without r_member_social: one post, adopted by the time its id carries', async () => {
    const before = fake.state.requests.length;
    fake.state.failNext('posts.create', { hangAfterSuccessMs: 4_000 });
    const done = await settled((await publish(ada, 'timed out once')).id);
    const copies = fake.state.livePosts().filter((entry) => entry.text === 'timed out once');
    expect(copies).toHaveLength(1);
    expect(done).toMatchObject({ status: 'published', networkPostUrn: copies[0]!.urn, lastError: null });
    expect(fake.state.requests.slice(before).filter((request) => /^\/rest\/posts\/urn/.test(request.path))).toHaveLength(0);
  });

  it('a connection cut after LinkedIn created the post (answer lost): one post, adopted', async () => {
    fake.state.failNext('posts.create', { resetAfterSuccess: true });
    const done = await settled((await publish(ada, 'answer lost on the way back')).id);
    const copies = fake.state.livePosts().filter((entry) => entry.text === 'answer lost on the way back');
    expect(copies.map((entry) => entry.urn)).toEqual([done.networkPostUrn]);
    expect(done.status).toBe('published');
  });

  it('a retry answered "duplicate of" the member\'s older post with the same text fails: it was made before this publication was requested', async () => {
    const adaUrn = (await db().networkConnection.findUniqueOrThrow({ where: { memberId: ada.memberId } })).personUrn as string;
    const yesterday = Date.now() - 86_400_000;
    const olderUrn = `urn:li:share:${fake.state.nextPostId(yesterday)}`;
    fake.state.posts.push({
      urn: olderUrn,
      author: adaUrn,
      commentary: toLittleText('said yesterday by hand'),
      text: 'said yesterday by hand',
      hashtags: [],
      mentions: [],
      content: null,
      createdAt: new Date(yesterday),
      deleted: false,
    });
    // The first attempt's answer is a 500 (uncertain), so the retry's "duplicate of" is weighed rather than believed.
    fake.state.failNext('posts.create', { status: 500, body: { status: 500, message: 'Internal Server Error' } });
    const done = await settled((await publish(ada, 'said yesterday by hand')).id);
    expect(done).toMatchObject({ status: 'draft_saved', networkPostUrn: null });
    expect(done.lastError).toContain(`duplicate of ${olderUrn} (https://www.linkedin.com/feed/update/${olderUrn}/)`);
    expect(done.lastError).toContain(`created at ${new Date(yesterday).toISOString().slice(0, 16)}`);
    expect(fake.state.livePosts().filter((entry) => entry.text === 'said yesterday by hand')).toHaveLength(1);
  });

  it('a retry answered "duplicate of" a URN that carries no time fails: nothing shows it is ours', async () => {
    fake.state.failNext('posts.create', { status: 500, body: { status: 500, message: 'Internal Server Error' } });
    fake.state.failNext('posts.create', { status: 422, body: { status: 422, message: 'ERROR :: /commentary :: Content is a duplicate of urn:li:share:12345' } });
    const done = await settled((await publish(ada, 'no time in that URN')).id);
    expect(done).toMatchObject({ status: 'draft_saved', networkPostUrn: null, lastError: expect.stringContaining('carries no creation time') });
  });

  it.each([
    [403, { status: 403, serviceErrorCode: 100, code: 'ACCESS_DENIED', message: 'Not enough permissions to access: partnerApiPostsExternal.CREATE' }],
    [400, { status: 400, code: 'FIELD_LENGTH_TOO_LONG', message: '/commentary :: length exceeds 3000' }],
    [426, { status: 426, code: 'NONEXISTENT_VERSION', message: 'Requested version 202301 is not active' }],
  ])('a %i fails for good: state restored, last_error, post.publish_failed, no retry', async (status, body) => {
    fake.state.failNext('posts.create', { status, body });
    const done = await settled((await publish(ada, `fails with ${status}`, 'approved')).id);
    expect(done).toMatchObject({ status: 'approved', publishAttempts: 1, lastError: expect.stringContaining(String(status)) });
    const events = (await outboxEvents(harness.api, 'post.publish_failed')).filter((event) => (event.payload as { post: { id: string } }).post.id === done.id);
    expect(events).toHaveLength(1);
  });

  it('content LinkedIn already has (duplicate on the first attempt) fails for good', async () => {
    await settled((await publish(ada, 'said it before')).id);
    const done = await settled((await publish(ada, 'said it before')).id);
    expect(done).toMatchObject({ status: 'draft_saved', lastError: expect.stringContaining('duplicate') });
  });

  it('a daily throttle (429) leaves the publication in flight until the next UTC midnight', async () => {
    fake.state.failNext('posts.create', { status: 429, body: { status: 429, message: 'Resource level throttle limit for calls to this resource is reached.' } });
    const post = await publish(ada, 'throttled');
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    // Waited for until the job is delayed to midnight: on a loaded machine an attempt may first time out
    // and be retried after a short backoff (also 'delayed'), which is not the state this test is about.
    const job = await waitFor(
      async () => {
        const found = await harness.api.runtime.queues.publish.getJob(`publish-${post.id}`);
        return found && (await found.getState()) === 'delayed' && Math.abs(found.timestamp + found.delay - midnight.getTime()) < 5_000 ? found : undefined;
      },
      { what: 'job delayed until the next UTC midnight' },
    );
    expect(Math.abs(job.timestamp + job.delay - midnight.getTime())).toBeLessThan(5_000);
    expect(await db().post.findUniqueOrThrow({ where: { id: post.id } })).toMatchObject({ status: 'draft_saved', publishRequestedAt: expect.any(Date) });
  });

  it('a revoked token (401) fails the post and disconnects the member, who signs in again as the same person', async () => {
    const connection = await db().networkConnection.findUniqueOrThrow({ where: { memberId: ada.memberId } });
    fake.state.accounts.get(harness.api.runtime.keyring.decrypt(connection.accessTokenEnc as string))!.invalid = 65601;
    const done = await settled((await publish(ada, 'after revocation')).id);
    expect(done).toMatchObject({ status: 'draft_saved', lastError: expect.stringContaining('reconnect') });
    expect((await http().get('/me').set('Authorization', ada.auth)).body.member.network_connected).toBe(false);
    // The binding to a LinkedIn person outlives the revocation: someone else needs the operator's --replace (decision 0019).
    expect((await connect(ada, undefined, 'someone-else-after-revocation')).response.status).toBe(409);
    expect((await connect(ada, undefined, (connection.personUrn as string).replace('urn:li:person:', ''))).response.status).toBe(200);
  });
});

describe('analytics from LinkedIn', () => {
  // Refreshes (enqueued by GETs, performed by the publisher, paused by a 429) are tested in analytics-refresh.test.ts.
  it('an unpublished post answers zeros', async () => {
    const post = await createTestPost(harness.api.runtime, ada.memberId);
    const response = await http().get(`/posts/${post.id}/analytics`).set('Authorization', ada.auth).expect(200);
    expect(response.body).toMatchObject({ impressions: 0, likes: 0, comments: 0, shares: 0, engagement_rate: 0, refreshed_at: null });
  });

  it('without the analytics scope the numbers stay unread (zeros, source none), nothing is invented', async () => {
    const dora = await createTestMember(harness.api.runtime, { displayName: 'Dora' });
    await connect(dora, ['openid', 'profile', 'email', 'w_member_social']);
    const done = await settled((await publish(dora, 'no analytics scope')).id);
    const response = await http().get(`/posts/${done.id}/analytics`).set('Authorization', dora.auth).expect(200);
    expect(response.body).toMatchObject({ impressions: 0, source: 'none', refreshed_at: null });
  });
});
