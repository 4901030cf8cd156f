import supertest from 'supertest';
import { createOAuthLink } from '@lps/cli';
import { LinkedInOAuth, type LinkedInGrant } from '@lps/network';
import { enqueue } from '@lps/queue';
import { ANALYTICS_APP, createTestMember, createTestPost, SHARE_APP, startFakeLinkedIn, waitFor, type FakeLinkedIn, type TestMember } from '@lps/testing';
import { startPublishing, type PublishingHarness } from './support/publishing-harness.js';

// Issue 17.2/17.3: two LinkedIn apps (share, analytics), tokens that expire, refresh tokens.
// Every connection goes through the fake LinkedIn's authorize step, as a member's browser would.

let fake: FakeLinkedIn;
let harness: PublishingHarness;

const db = () => harness.api.runtime.db;
const http = () => harness.api.http;
const origin = () => supertest(harness.api.baseUrl.replace(/\/api\/v1$/, ''));
const DAY = 86_400_000;

/** The member's browser: follows our authorize URL to LinkedIn (the fake), approves as `sub`, and comes back to our callback. */
async function signIn(member: TestMember, sub: string, grant: LinkedInGrant = 'share', settings = harness.api.runtime.config.network.linkedin) {
  const state = await createOAuthLink(db(), harness.api.runtime.keyring, { memberId: member.memberId, analytics: grant === 'analytics' });
  fake.state.browserPerson = { sub, name: `Person ${sub}` };
  const approved = await fetch(new LinkedInOAuth(settings, grant).authorizeUrl(state), { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const back = new URL(approved.headers.get('location') as string);
  return origin().get(back.pathname).query(Object.fromEntries(back.searchParams));
}

const me = async (member: TestMember) => (await http().get('/me').set('Authorization', member.auth).expect(200)).body.member;

/** One round of the publisher's periodic job (token refresh, expiry warnings, schedule flags, analytics), waited for. */
async function publisherRound(): Promise<void> {
  const job = await enqueue(harness.api.runtime.queues, 'refresh-analytics', {});
  await waitFor(async () => ((await job.getState()) === 'completed' ? true : undefined), { timeoutMs: 20_000, what: 'the refresh-analytics round' });
}

async function publishAndSettle(member: TestMember, body: string) {
  const post = await createTestPost(harness.api.runtime, member.memberId, { body });
  await http().post(`/posts/${post.id}/publish`).set('Authorization', member.auth).expect(202);
  return waitFor(
    async () => {
      const row = await db().post.findUnique({ where: { id: post.id } });
      return row && !row.publishRequestedAt ? row : undefined;
    },
    { timeoutMs: 30_000, what: `post ${post.id} settled` },
  );
}

const analyticsRequests = () => fake.state.requests.filter((request) => request.path.startsWith('/rest/memberCreatorPostAnalytics'));

beforeAll(async () => {
  fake = await startFakeLinkedIn();
  harness = await startPublishing({ ...fake.env, LINKEDIN_TIMEOUT: '5s' });
  await harness.startPublisher();
});
afterAll(async () => {
  await harness.stop();
  await fake.close();
});

describe('two LinkedIn apps: sharing and analytics', () => {
  it('asking the share app for r_member_postAnalytics breaks connecting: LinkedIn refuses the scope and the callback says so', async () => {
    const member = await createTestMember(harness.api.runtime);
    const settings = { ...harness.api.runtime.config.network.linkedin, scopes: [...SHARE_APP.defaultScopes, 'r_member_postAnalytics'] };
    const response = await signIn(member, 'one-app', 'share', settings);
    expect(response.status).toBe(400);
    expect(response.text).toContain('unauthorized_scope_error');
    expect((await me(member)).network_connected).toBe(false);
  });

  it('the analytics app connects through its own link; its token is stored encrypted with its scopes and is the one analytics are read with', async () => {
    const member = await createTestMember(harness.api.runtime);
    expect((await signIn(member, 'ada-two-apps')).status).toBe(200);
    const analytics = await signIn(member, 'ada-two-apps', 'analytics');
    expect([analytics.status, analytics.text]).toEqual([200, expect.stringContaining('r_member_postAnalytics')]);
    const stored = await db().analyticsConnection.findUniqueOrThrow({ where: { memberId: member.memberId } });
    const token = harness.api.runtime.keyring.decrypt(stored.accessTokenEnc);
    expect(stored.accessTokenEnc).not.toContain(token);
    expect(stored.scopes).toBe('r_member_postAnalytics');
    expect(fake.state.accounts.get(token)?.clientId).toBe(ANALYTICS_APP.clientId);

    const done = await publishAndSettle(member, 'measured through the analytics app');
    fake.state.metrics.set(done.networkPostUrn as string, { IMPRESSION: 500, MEMBERS_REACHED: 400, REACTION: 20, COMMENT: 4, RESHARE: 1 });
    // The GET answers the stored numbers and enqueues the refresh the publisher performs (decision 0012).
    const read = await waitFor(
      async () => {
        const response = await http().get(`/posts/${done.id}/analytics`).set('Authorization', member.auth).expect(200);
        return response.body.source === 'linkedin' ? response.body : undefined;
      },
      { what: 'the analytics read with the analytics token' },
    );
    expect(read).toMatchObject({ impressions: 500, likes: 20, source: 'linkedin' });
    expect(analyticsRequests().at(-1)?.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('without an analytics grant no analytics request is made, on GET or in the periodic round: source none; a later grant reads the post at once', async () => {
    const member = await createTestMember(harness.api.runtime);
    await signIn(member, 'no-analytics');
    const done = await publishAndSettle(member, 'never measured');
    const before = analyticsRequests().length;
    await publisherRound();
    const read = await http().get(`/posts/${done.id}/analytics`).set('Authorization', member.auth).expect(200);
    expect(read.body).toMatchObject({ impressions: 0, source: 'none', refreshed_at: null });
    await publisherRound();
    expect(analyticsRequests().length).toBe(before);

    // The post was put off for a day; connecting the analytics app makes it due again at once.
    expect((await db().post.findUniqueOrThrow({ where: { id: done.id } })).analyticsNextRefreshAt?.getTime()).toBeGreaterThan(Date.now() + 12 * 3_600_000);
    fake.state.metrics.set(done.networkPostUrn as string, { IMPRESSION: 70, MEMBERS_REACHED: 60, REACTION: 7, COMMENT: 0, RESHARE: 0 });
    expect((await signIn(member, 'no-analytics', 'analytics')).status).toBe(200);
    const measured = await waitFor(
      async () => {
        const response = await http().get(`/posts/${done.id}/analytics`).set('Authorization', member.auth).expect(200);
        return response.body.source === 'linkedin' ? response.body : undefined;
      },
      { what: 'the first reading after the analytics grant' },
    );
    expect(measured).toMatchObject({ impressions: 70, likes: 7 });
  });

  it('an analytics link reaching a service without the analytics app configured answers a 400 page, not a 5xx', async () => {
    const member = await createTestMember(harness.api.runtime);
    const linkedin = harness.api.runtime.config.network.linkedin;
    const configured = linkedin.analyticsApp;
    const state = await createOAuthLink(db(), harness.api.runtime.keyring, { memberId: member.memberId, analytics: true });
    linkedin.analyticsApp = undefined;
    try {
      const response = await origin()
        .get('/oauth/linkedin/callback')
        .query({ code: fake.state.issueCode({ clientId: ANALYTICS_APP.clientId }), state });
      expect([response.status, response.text]).toEqual([400, expect.stringContaining('LINKEDIN_ANALYTICS_CLIENT_ID')]);
    } finally {
      linkedin.analyticsApp = configured;
    }
    expect(await db().analyticsConnection.findUnique({ where: { memberId: member.memberId } })).toBeNull();
  });

  it("an analytics token LinkedIn refuses (401) stops the member's analytics calls until they connect that app again", async () => {
    const member = await createTestMember(harness.api.runtime);
    await signIn(member, 'revoked-analytics');
    await signIn(member, 'revoked-analytics', 'analytics');
    const stored = await db().analyticsConnection.findUniqueOrThrow({ where: { memberId: member.memberId } });
    fake.state.accounts.get(harness.api.runtime.keyring.decrypt(stored.accessTokenEnc))!.invalid = 65601;
    await publishAndSettle(member, 'analytics token revoked');
    await publisherRound();
    expect((await db().analyticsConnection.findUniqueOrThrow({ where: { memberId: member.memberId } })).disconnectReason).toMatch(/revoked/i);
    const before = analyticsRequests().length;
    await publisherRound();
    expect(analyticsRequests().length).toBe(before);
  });
});

describe('tokens that expire', () => {
  it("GET /me names the connection's end and says not connected once the token has expired", async () => {
    const member = await createTestMember(harness.api.runtime);
    await signIn(member, 'expiring');
    const connected = await me(member);
    expect(connected.network_connected).toBe(true);
    const end = new Date(connected.network_connection_expires_at).getTime();
    expect(Math.abs(end - (Date.now() + 60 * DAY))).toBeLessThan(60_000);
    const past = new Date(Date.now() - 1_000);
    await db().networkConnection.update({ where: { memberId: member.memberId }, data: { expiresAt: past } });
    expect(await me(member)).toMatchObject({ network_connected: false, network_connection_expires_at: past.toISOString() });
    const post = await createTestPost(harness.api.runtime, member.memberId);
    const refused = await http().post(`/posts/${post.id}/publish`).set('Authorization', member.auth).expect(422);
    expect(refused.body.error.message).toContain('expired');
  });

  it('a token LinkedIn answers 65602 (expired) for fails the publication asking to reconnect and turns network_connected false', async () => {
    const member = await createTestMember(harness.api.runtime);
    await signIn(member, 'expired-at-linkedin');
    const stored = await db().networkConnection.findUniqueOrThrow({ where: { memberId: member.memberId } });
    fake.state.accounts.get(harness.api.runtime.keyring.decrypt(stored.accessTokenEnc as string))!.expiresAt = new Date(Date.now() - 1_000);
    const done = await publishAndSettle(member, 'too late');
    expect(done).toMatchObject({ status: 'draft_saved', lastError: expect.stringContaining('reconnect') });
    expect((await me(member)).network_connected).toBe(false);
  });

  it('scheduling after the connection ends is 422 naming the end; before it is accepted', async () => {
    const member = await createTestMember(harness.api.runtime);
    await signIn(member, 'scheduler');
    const { network_connection_expires_at: end } = await me(member);
    const post = await createTestPost(harness.api.runtime, member.memberId, { status: 'approved' });
    const late = await http()
      .post(`/posts/${post.id}/schedule`)
      .set('Authorization', member.auth)
      .send({ scheduled_at: new Date(Date.parse(end) + DAY).toISOString() });
    expect([late.status, late.body.error.code]).toEqual([422, 'unprocessable']);
    expect(late.body.error.message).toContain(end);
    await http()
      .post(`/posts/${post.id}/schedule`)
      .set('Authorization', member.auth)
      .send({ scheduled_at: new Date(Date.parse(end) - DAY).toISOString() })
      .expect(200);
  });

  it("a post already scheduled after the connection's end is flagged by the next round (last_error naming the end), and reconnecting clears the flag", async () => {
    const member = await createTestMember(harness.api.runtime);
    await signIn(member, 'flagged');
    const post = await createTestPost(harness.api.runtime, member.memberId, { status: 'approved' });
    const at = new Date(Date.now() + 30 * DAY).toISOString();
    await http().post(`/posts/${post.id}/schedule`).set('Authorization', member.auth).send({ scheduled_at: at }).expect(200);
    // An older grant: the connection now ends 10 days from now, 20 days before the post is due.
    const end = new Date(Date.now() + 10 * DAY);
    await db().networkConnection.update({ where: { memberId: member.memberId }, data: { expiresAt: end } });
    await publisherRound();
    const flagged = (await http().get(`/posts/${post.id}`).set('Authorization', member.auth).expect(200)).body.post;
    expect(flagged).toMatchObject({ status: 'scheduled', scheduled_at: at, last_error: expect.stringContaining(end.toISOString()) });
    expect(flagged.last_error).toContain('lps member connect');
    await signIn(member, 'flagged');
    expect((await http().get(`/posts/${post.id}`).set('Authorization', member.auth).expect(200)).body.post).toMatchObject({ status: 'scheduled', last_error: null });
  });
});

describe('refresh tokens, where LinkedIn grants them', () => {
  afterAll(() => {
    fake.state.apps.get(SHARE_APP.clientId)!.refreshTokens = false;
  });

  it("renews an access token before it expires (grant_type=refresh_token) and GET /me names the refresh token's end", async () => {
    fake.state.apps.get(SHARE_APP.clientId)!.refreshTokens = true;
    const member = await createTestMember(harness.api.runtime);
    await signIn(member, 'refreshable');
    const first = await db().networkConnection.findUniqueOrThrow({ where: { memberId: member.memberId } });
    expect(first.refreshTokenEnc).not.toBeNull();
    expect((await me(member)).network_connection_expires_at).toBe(first.refreshExpiresAt?.toISOString());
    // Two days left, inside LPS_TOKEN_EXPIRY_WARNING (7 d): the round renews it.
    await db().networkConnection.update({ where: { memberId: member.memberId }, data: { expiresAt: new Date(Date.now() + 2 * DAY) } });
    await publisherRound();
    const renewed = await db().networkConnection.findUniqueOrThrow({ where: { memberId: member.memberId } });
    const token = harness.api.runtime.keyring.decrypt(renewed.accessTokenEnc as string);
    expect(token).not.toBe(harness.api.runtime.keyring.decrypt(first.accessTokenEnc as string));
    expect(fake.state.accounts.get(token)).toMatchObject({ sub: 'refreshable', clientId: SHARE_APP.clientId });
    expect((renewed.expiresAt as Date).getTime()).toBeGreaterThan(Date.now() + 59 * DAY);
    // The refresh token's end is not reset by a refresh.
    expect(Math.abs((renewed.refreshExpiresAt as Date).getTime() - (first.refreshExpiresAt as Date).getTime())).toBeLessThan(5_000);
    expect((await publishAndSettle(member, 'with the renewed token')).status).toBe('published');
  });

  it('a refresh LinkedIn refuses (invalid_grant: revoked) disconnects the member instead of trying every round', async () => {
    fake.state.apps.get(SHARE_APP.clientId)!.refreshTokens = true;
    const member = await createTestMember(harness.api.runtime);
    await signIn(member, 'revoked-refresh');
    const stored = await db().networkConnection.findUniqueOrThrow({ where: { memberId: member.memberId } });
    fake.state.accounts.get(harness.api.runtime.keyring.decrypt(stored.accessTokenEnc as string))!.invalid = 65601;
    await db().networkConnection.update({ where: { memberId: member.memberId }, data: { expiresAt: new Date(Date.now() + DAY) } });
    await publisherRound();
    const after = await db().networkConnection.findUniqueOrThrow({ where: { memberId: member.memberId } });
    expect(after.disconnectReason).toContain('refresh refused');
    expect((await me(member)).network_connected).toBe(false);
  });
});
