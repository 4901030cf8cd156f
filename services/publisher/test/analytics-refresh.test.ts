import supertest from 'supertest';
import { createOAuthLink } from '@lps/cli';
import { nextUtcMidnight } from '@lps/network';
import { enqueue } from '@lps/queue';
import type { Post } from '@lps/db';
import { createTestMember, createTestPost, startFakeLinkedIn, waitFor, type FakeLinkedIn, type TestMember } from '@lps/testing';
import { linkedInSteps } from './support/linkedin-steps.js';
import { startPublishing, type PublishingHarness } from './support/publishing-harness.js';

// Analytics against the fake LinkedIn (decision 0012, issue 17 item 6): a GET answers from
// the store at once and never calls LinkedIn; the publisher performs the refresh the GET
// enqueued; a 429 ends a round and pauses refreshes until LinkedIn's daily reset; old
// posts are read less often.

let fake: FakeLinkedIn;
let harness: PublishingHarness;

const db = () => harness.api.runtime.db;
const http = () => harness.api.http;
const queue = () => harness.api.runtime.queues.publish;
const origin = () => supertest(harness.api.baseUrl.replace(/\/api\/v1$/, ''));
const PAUSE_KEY = () => `${harness.api.runtime.config.redis.prefix}:analytics:quota-paused-until`;

/** memberCreatorPostAnalytics requests LinkedIn received, for these posts' URNs if given. */
const analyticsRequests = (urns?: string[]) =>
  fake.state.requests.filter((request) => request.path.includes('memberCreatorPostAnalytics') && (!urns || urns.some((urn) => request.path.includes(encodeURIComponent(urn)))))
    .length;

const steps = linkedInSteps(
  () => harness,
  () => fake,
);

/** A member connected with the share app and, as analytics need (decision 0014), the analytics app too. */
async function connectedMember(name: string): Promise<TestMember> {
  const member = await createTestMember(harness.api.runtime, { displayName: name });
  expect((await steps.connect(member)).response.status).toBe(200);
  await steps.connectAnalyticsApp(member);
  return member;
}

let sequence = 0;
async function publishedPost(member: TestMember, daysAgo = 0, metrics = { IMPRESSION: 1000, MEMBERS_REACHED: 700, REACTION: 30, COMMENT: 6, RESHARE: 4 }) {
  sequence += 1;
  const urn = `urn:li:share:${7_100_000_000 + sequence}`;
  fake.state.metrics.set(urn, metrics);
  return createTestPost(harness.api.runtime, member.memberId, { status: 'published', networkPostUrn: urn, publishedAt: new Date(Date.now() - daysAgo * 86_400_000) });
}

const jobState = async (id: string) => (await queue().getJob(id))?.getState();
const finished = (id: string) => waitFor(async () => ['completed', 'failed'].includes((await jobState(id)) ?? '') || undefined, { what: `job ${id} finished` });

beforeAll(async () => {
  fake = await startFakeLinkedIn();
  harness = await startPublishing(fake.env);
  await harness.startPublisher();
  // The periodic round's first run, with nothing published yet, must be over before the counting starts.
  await waitFor(
    async () => {
      const counts = await queue().getJobCounts('active', 'waiting');
      return counts.active === 0 && counts.waiting === 0;
    },
    { what: 'the publish queue idle' },
  );
});
afterAll(async () => {
  await harness.stop();
  await fake.close();
});

describe('GET /posts/{id}/analytics', () => {
  it('answers from the store without calling LinkedIn, and the publisher performs the refresh it enqueued', async () => {
    const ada = await connectedMember('Ada');
    const post = await publishedPost(ada);
    await queue().pause();
    const first = await http().get(`/posts/${post.id}/analytics`).set('Authorization', ada.auth).expect(200);
    expect(first.body).toMatchObject({ post_id: post.id, impressions: 0, refreshed_at: null, source: 'none' });
    await http().get(`/posts/${post.id}/analytics`).set('Authorization', ada.auth).expect(200);
    expect(analyticsRequests()).toBe(0);
    // Two GETs, one job: its id is the post's.
    expect(await jobState(`analytics-${post.id}`)).toBe('waiting');
    expect((await queue().getJobs(['waiting'])).filter((job) => job.name === 'refresh-post-analytics')).toHaveLength(1);

    await queue().resume();
    const refreshed = await waitFor(
      async () => {
        const response = await http().get(`/posts/${post.id}/analytics`).set('Authorization', ada.auth).expect(200);
        return response.body.source === 'linkedin' ? response.body : undefined;
      },
      { what: 'the refreshed numbers' },
    );
    expect(refreshed).toMatchObject({ impressions: 1000, likes: 30, comments: 6, shares: 4, engagement_rate: 0.04, refreshed_at: expect.any(String) });
    expect(analyticsRequests([post.networkPostUrn as string])).toBe(5);
  });

  it('serves a stale reading with its refreshed_at until the refresh lands', async () => {
    const bea = await connectedMember('Bea');
    const post = await publishedPost(bea);
    const urn = post.networkPostUrn as string;
    await http().get(`/posts/${post.id}/analytics`).set('Authorization', bea.auth).expect(200);
    const first = await waitFor(async () => (await db().post.findUniqueOrThrow({ where: { id: post.id } })).analyticsRefreshedAt ?? undefined, { what: 'first reading' });
    // An hour later the reading is due again, and LinkedIn has new numbers.
    const hourAgo = new Date(first.getTime() - 3_600_000);
    await db().post.update({ where: { id: post.id }, data: { analyticsRefreshedAt: hourAgo, analyticsNextRefreshAt: hourAgo } });
    fake.state.metrics.set(urn, { IMPRESSION: 2000, REACTION: 50, COMMENT: 10, RESHARE: 0 });
    await queue().pause();
    const stale = await http().get(`/posts/${post.id}/analytics`).set('Authorization', bea.auth).expect(200);
    expect(stale.body).toMatchObject({ impressions: 1000, refreshed_at: hourAgo.toISOString(), source: 'linkedin' });
    expect(analyticsRequests([urn])).toBe(5);
    await queue().resume();
    const fresh = await waitFor(
      async () => {
        const response = await http().get(`/posts/${post.id}/analytics`).set('Authorization', bea.auth).expect(200);
        return response.body.impressions === 2000 ? response.body : undefined;
      },
      { what: 'the new reading' },
    );
    expect(fresh).toMatchObject({ likes: 50, comments: 10, shares: 0, engagement_rate: 0.03 });
    expect(new Date(fresh.refreshed_at).getTime()).toBeGreaterThan(first.getTime());
    expect(await db().postAnalyticsSnapshot.count({ where: { postId: post.id } })).toBe(2);
  });
});

describe('GET /analytics', () => {
  it("answers from the rollup without calling LinkedIn and enqueues the member's round, which the publisher performs", async () => {
    const cleo = await connectedMember('Cleo');
    const quiet = await publishedPost(cleo, 0, { IMPRESSION: 100, MEMBERS_REACHED: 90, REACTION: 1, COMMENT: 0, RESHARE: 0 });
    const loud = await publishedPost(cleo, 0, { IMPRESSION: 400, MEMBERS_REACHED: 300, REACTION: 30, COMMENT: 8, RESHARE: 2 });
    const urns = [quiet.networkPostUrn as string, loud.networkPostUrn as string];
    await queue().pause();
    const before = await http().get('/analytics').set('Authorization', cleo.auth).expect(200);
    expect(before.body.kpis).toEqual({ posts_published: 2, impressions: 0, likes: 0, comments: 0, shares: 0, avg_engagement_rate: 0 });
    expect(analyticsRequests(urns)).toBe(0);
    expect(await jobState(`analytics-member-${cleo.memberId}`)).toBe('waiting');
    await queue().resume();
    await finished(`analytics-member-${cleo.memberId}`);
    const after = await http().get('/analytics').set('Authorization', cleo.auth).expect(200);
    expect(after.body.kpis).toEqual({ posts_published: 2, impressions: 500, likes: 31, comments: 8, shares: 2, avg_engagement_rate: 0.055 });
    expect(after.body.top_posts.map((post: { id: string }) => post.id)).toEqual([loud.id, quiet.id]);
    expect(analyticsRequests(urns)).toBe(10);
  });
});

describe("LinkedIn's quota (429)", () => {
  afterEach(async () => {
    await harness.api.runtime.redis.del(PAUSE_KEY());
  });

  it('a 429 on the first of 10 posts ends the round after 1 request, and nothing is asked until the daily reset', async () => {
    const dan = await connectedMember('Dan');
    const posts: Post[] = [];
    for (let i = 0; i < 10; i += 1) posts.push(await publishedPost(dan));
    const urns = posts.map((post) => post.networkPostUrn as string);
    fake.state.failNext('analytics', { status: 429, body: { status: 429, message: 'Resource level throttle limit for calls to this resource is reached.' } });
    await http().get('/analytics').set('Authorization', dan.auth).expect(200);
    await finished(`analytics-member-${dan.memberId}`);
    expect(analyticsRequests(urns)).toBe(1);
    const pausedUntil = await harness.api.runtime.redis.get(PAUSE_KEY());
    expect(pausedUntil).toBe(nextUtcMidnight().toISOString());
    expect(await harness.api.runtime.redis.pttl(PAUSE_KEY())).toBeGreaterThan(0);

    // Before the reset: a post's GET still enqueues (it is due), but the publisher asks LinkedIn nothing.
    await http().get(`/posts/${posts[3]!.id}/analytics`).set('Authorization', dan.auth).expect(200);
    await waitFor(async () => (await queue().getJob(`analytics-${posts[3]!.id}`)) === undefined || undefined, { what: 'the post job done' });
    await enqueue(harness.api.runtime.queues, 'refresh-analytics', {});
    await waitFor(async () => (await queue().getJobCounts('active', 'waiting')).waiting === 0 || undefined, { what: 'the round picked up' });
    await waitFor(async () => (await queue().getJobCounts('active')).active === 0 || undefined, { what: 'the round done' });
    expect(analyticsRequests(urns)).toBe(1);
    expect(await db().post.count({ where: { id: { in: posts.map((post) => post.id) }, analyticsRefreshedAt: { not: null } } })).toBe(0);

    // The reset (the key expires at midnight UTC): the next round reads all ten.
    await harness.api.runtime.redis.del(PAUSE_KEY());
    await enqueue(harness.api.runtime.queues, 'refresh-analytics', {});
    await waitFor(async () => (await db().post.count({ where: { id: { in: posts.map((post) => post.id) }, analyticsRefreshedAt: { not: null } } })) === 10 || undefined, {
      what: 'all ten read',
    });
    expect(analyticsRequests(urns)).toBe(1 + 10 * 5);
  });
});

describe('the periodic refresh', () => {
  it('reads a post again after a seventh of its age (at least LPS_ANALYTICS_MAX_AGE): old posts do not cost 5 calls every hour', async () => {
    const eve = await connectedMember('Eve');
    const fresh = await publishedPost(eve, 0);
    const weekOld = await publishedPost(eve, 8);
    const old = await publishedPost(eve, 70);
    const urns = [fresh, weekOld, old].map((post) => post.networkPostUrn as string);
    await http().get('/analytics').set('Authorization', eve.auth).expect(200);
    await finished(`analytics-member-${eve.memberId}`);
    expect(analyticsRequests(urns)).toBe(15);
    const interval = async (id: string) => {
      const post = await db().post.findUniqueOrThrow({ where: { id } });
      return ((post.analyticsNextRefreshAt as Date).getTime() - (post.analyticsRefreshedAt as Date).getTime()) / 86_400_000;
    };
    expect(await interval(fresh.id)).toBeCloseTo(harness.api.runtime.config.network.analyticsMaxAgeMs / 86_400_000, 5);
    expect(await interval(weekOld.id)).toBeCloseTo(8 / 7, 2);
    expect(await interval(old.id)).toBeCloseTo(10, 2);
    // The next rounds, within the hour, read none of them.
    await enqueue(harness.api.runtime.queues, 'refresh-analytics', {});
    await enqueue(harness.api.runtime.queues, 'refresh-analytics', {});
    await waitFor(
      async () => {
        const counts = await queue().getJobCounts('active', 'waiting');
        return counts.active === 0 && counts.waiting === 0;
      },
      { what: 'the rounds done' },
    );
    expect(analyticsRequests(urns)).toBe(15);
  });

  it('a member without a grant carrying the analytics scope is never asked; the post waits a day, and the stored numbers stay', async () => {
    const fay = await createTestMember(harness.api.runtime, { displayName: 'Fay' });
    const state = await createOAuthLink(db(), harness.api.runtime.keyring, { memberId: fay.memberId });
    await origin()
      .get('/oauth/linkedin/callback')
      .query({ code: fake.state.issueCode({ name: 'Fay', scopes: ['openid', 'profile', 'email', 'w_member_social'] }), state })
      .expect(200);
    const post = await publishedPost(fay);
    await http().get(`/posts/${post.id}/analytics`).set('Authorization', fay.auth).expect(200);
    const deferred = await waitFor(async () => (await db().post.findUniqueOrThrow({ where: { id: post.id } })).analyticsNextRefreshAt ?? undefined, { what: 'the post deferred' });
    expect(deferred.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(analyticsRequests([post.networkPostUrn as string])).toBe(0);
    await http().get(`/posts/${post.id}/analytics`).set('Authorization', fay.auth).expect(200);
    expect(await queue().getJob(`analytics-${post.id}`)).toBeUndefined();
    const response = await http().get(`/posts/${post.id}/analytics`).set('Authorization', fay.auth).expect(200);
    expect(response.body).toMatchObject({ impressions: 0, source: 'none', refreshed_at: null });
  });
});
