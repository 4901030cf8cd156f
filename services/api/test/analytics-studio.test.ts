import { createTestMember, createTestPost, startFakeLinkedIn, type FakeLinkedIn, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

// The analytics page's reads (decision 0040) from the member's side: a period against the one before,
// the published posts sorted and paged, one post's readings over time, the weekday × hour grid — and,
// on LinkedIn without the analytics grant, no number at all but the reason in words.

const DAY = 86_400_000;
const ago = (days: number, hours = 0) => new Date(Date.now() - days * DAY - hours * 3_600_000);

/** A published post with its newest numbers (as the analytics refresh leaves them). */
const published = (api: TestApi, member: TestMember, at: Date, numbers: { impressions: number; likes?: number; comments?: number; shares?: number }, body = 'A post') => {
  const engagement = (numbers.likes ?? 0) + (numbers.comments ?? 0) + (numbers.shares ?? 0);
  return createTestPost(api.runtime, member.memberId, {
    status: 'published',
    publishedAt: at,
    body,
    networkPostUrn: `urn:li:share:${at.getTime()}${Math.floor(Math.random() * 1_000)}`,
    networkUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1/',
    analyticsImpressions: numbers.impressions,
    analyticsLikes: numbers.likes ?? 0,
    analyticsComments: numbers.comments ?? 0,
    analyticsShares: numbers.shares ?? 0,
    analyticsEngagement: engagement,
    analyticsEngagementRate: numbers.impressions ? Math.round((engagement / numbers.impressions) * 10_000) / 10_000 : 0,
    analyticsRefreshedAt: new Date(),
    analyticsSource: 'sandbox',
  });
};

describe('analytics on the sandbox (synthetic numbers, said so)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ LPS_RATE_LIMIT: '100000/60' });
  });
  afterAll(async () => api.stop());
  const get = (member: TestMember, path: string) => api.http.get(path).set('Authorization', member.auth);

  it('summarises the last `days` against the `days` before, over each post’s newest numbers', async () => {
    const ada = await createTestMember(api.runtime);
    await published(api, ada, ago(1), { impressions: 1_000, likes: 40, comments: 10 });
    await published(api, ada, ago(6), { impressions: 500, likes: 5, shares: 5 });
    await published(api, ada, ago(8), { impressions: 300, likes: 3 });
    await published(api, ada, ago(20), { impressions: 999_999, likes: 1 });
    await createTestPost(api.runtime, ada.memberId, { status: 'scheduled', scheduledAt: ago(-1) });
    const { summary } = (await get(ada, '/analytics/summary?days=7').expect(200)).body;
    expect(summary).toEqual({
      days: 7,
      current: { posts_published: 2, impressions: 1_500, likes: 45, comments: 10, shares: 5, avg_engagement_rate: 0.035 },
      previous: { posts_published: 1, impressions: 300, likes: 3, comments: 0, shares: 0, avg_engagement_rate: 0.01 },
      source: 'sandbox',
      available: true,
      unavailable_reason: null,
    });
    // 28 days by default; nothing before the window counts.
    expect((await get(ada, '/analytics/summary').expect(200)).body.summary).toMatchObject({ days: 28, current: { posts_published: 4 }, previous: { posts_published: 0 } });
    // A member with nothing published: zeros that are true (the sandbox measures everything).
    const newcomer = await createTestMember(api.runtime);
    expect((await get(newcomer, '/analytics/summary?days=90').expect(200)).body.summary.current).toEqual({
      posts_published: 0,
      impressions: 0,
      likes: 0,
      comments: 0,
      shares: 0,
      avg_engagement_rate: 0,
    });
  });

  it('lists the period’s published posts by each sort and order, in keyset pages that never skip or repeat', async () => {
    const ada = await createTestMember(api.runtime);
    const posts = [];
    for (let i = 0; i < 7; i += 1) posts.push(await published(api, ada, ago(i + 1), { impressions: [50, 900, 300, 300, 10, 700, 120][i] as number, likes: i }, `Post number ${i}`));
    await published(api, ada, ago(40), { impressions: 5 }, 'Too old for 28 days');
    for (const [sort, key] of [
      ['published_at', (row: { published_at: string }) => row.published_at],
      ['impressions', (row: { impressions: number }) => row.impressions],
      ['engagement_rate', (row: { engagement_rate: number }) => row.engagement_rate],
    ] as const) {
      for (const order of ['desc', 'asc'] as const) {
        const seen: Array<Record<string, unknown>> = [];
        let cursor: string | null = null;
        do {
          const query: string = `/analytics/posts?sort=${sort}&order=${order}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
          const page: { data: Array<Record<string, unknown>>; page: { next_cursor: string | null } } = (await get(ada, query).expect(200)).body;
          seen.push(...page.data);
          cursor = page.page.next_cursor;
        } while (cursor);
        expect([sort, order, seen.length, new Set(seen.map((row) => row.post_id)).size]).toEqual([sort, order, 7, 7]);
        const values = seen.map((row) => key(row as never) as number | string);
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect([sort, order, values]).toEqual([sort, order, order === 'asc' ? sorted : sorted.reverse()]);
      }
    }
    const first = (await get(ada, '/analytics/posts?limit=1').expect(200)).body.data[0];
    expect(first).toEqual({
      post_id: posts[0]?.id,
      title: 'Post number 0',
      published_at: posts[0]?.publishedAt?.toISOString(),
      network_url: 'https://www.linkedin.com/feed/update/urn:li:share:1/',
      impressions: 50,
      likes: 0,
      comments: 0,
      shares: 0,
      engagement_rate: 0,
      refreshed_at: expect.any(String),
    });
  });

  it.each([
    ['days=8', 'days'],
    ['days=-7', 'days'],
    ['days=7.5', 'days'],
    ['sort=title', 'sort'],
    ['sort=__proto__', 'sort'],
    ['order=up', 'order'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=99999999999999999999', 'limit'],
    [`cursor=${'x'.repeat(600)}`, 'cursor'],
    ['cursor=forged.cursor', 'cursor'],
  ])('/analytics/posts?%s is 422 validation_error naming the field', async (query, field) => {
    const ada = await createTestMember(api.runtime);
    const answer = await get(ada, `/analytics/posts?${query}`);
    expect([answer.status, answer.body.error.code, Object.keys(answer.body.error.details)]).toEqual([422, 'validation_error', [field]]);
  });

  it('refuses a cursor of another sort, order or period, and one of another member pages only that member’s posts', async () => {
    const ada = await createTestMember(api.runtime);
    const bob = await createTestMember(api.runtime);
    for (let i = 0; i < 3; i += 1) await published(api, ada, ago(i + 1), { impressions: 10 * (i + 1) });
    const bobs = await published(api, bob, ago(1), { impressions: 5 });
    const cursor = (await get(ada, '/analytics/posts?limit=1&sort=impressions').expect(200)).body.page.next_cursor as string;
    for (const other of ['sort=published_at', 'sort=impressions&order=asc', 'sort=impressions&days=7']) {
      const answer = await get(ada, `/analytics/posts?limit=1&${other}&cursor=${encodeURIComponent(cursor)}`);
      expect([other, answer.status, Object.keys(answer.body.error.details)]).toEqual([other, 422, ['cursor']]);
    }
    // A cursor is only a place in the order: on Bob's list it pages Bob's posts, and only his.
    const paged = (await get(bob, `/analytics/posts?limit=5&sort=impressions&cursor=${encodeURIComponent(cursor)}`).expect(200)).body.data;
    expect(paged.map((row: { post_id: string }) => row.post_id)).toEqual([bobs.id]);
    expect((await get(bob, '/analytics/posts').expect(200)).body.data).toHaveLength(1);
    expect((await get(bob, '/analytics/summary?days=7').expect(200)).body.summary.current.posts_published).toBe(1);
  });

  it('summary: a days value outside 7, 28, 90, 365 is 422', async () => {
    const ada = await createTestMember(api.runtime);
    for (const days of ['1', '30', 'all', '90; DROP TABLE posts']) {
      const answer = await get(ada, `/analytics/summary?days=${encodeURIComponent(days)}`);
      expect([days, answer.status, Object.keys(answer.body.error.details)]).toEqual([days, 422, ['days']]);
    }
  });

  it("gives one post's readings oldest first, and 404 for another member's post", async () => {
    const ada = await createTestMember(api.runtime);
    const bob = await createTestMember(api.runtime);
    const post = await published(api, ada, ago(3), { impressions: 300, likes: 9 });
    for (const [hours, impressions] of [
      [70, 20],
      [30, 200],
      [1, 300],
    ] as const) {
      await api.runtime.db.postAnalyticsSnapshot.create({
        data: { postId: post.id, memberId: ada.memberId, impressions, likes: impressions / 20, engagementRate: 0.05, source: 'sandbox', fetchedAt: ago(0, hours) },
      });
    }
    const { data } = (await get(ada, `/posts/${post.id}/analytics/history`).expect(200)).body;
    expect(data.map((reading: { impressions: number }) => reading.impressions)).toEqual([20, 200, 300]);
    expect(data[0]).toEqual({ at: expect.any(String), impressions: 20, likes: 1, comments: 0, shares: 0, engagement_rate: 0.05 });
    const times = data.map((reading: { at: string }) => Date.parse(reading.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect((await get(bob, `/posts/${post.id}/analytics/history`)).status).toBe(404);
    expect((await get(ada, '/posts/not-a-uuid/analytics/history')).status).toBe(422);
    const unpublished = await createTestPost(api.runtime, ada.memberId);
    expect((await get(ada, `/posts/${unpublished.id}/analytics/history`).expect(200)).body).toEqual({ data: [] });
  });

  it('draws the weekday × hour grid behind the suggestion with ?detail=grid, in the member’s zone', async () => {
    const ada = await createTestMember(api.runtime);
    await api.http.patch('/settings').set('Authorization', ada.auth).send({ time_zone: 'Asia/Kolkata' }).expect(200);
    // Eleven posts: six on Tuesdays at 09:xx Kolkata (03:30 UTC), five on Thursdays at 18:xx.
    const tuesday = Date.parse('2027-01-05T03:40:00Z');
    for (let week = 0; week < 6; week += 1) await published(api, ada, new Date(tuesday - week * 7 * DAY), { impressions: 1_000, likes: 80 });
    for (let week = 0; week < 5; week += 1) await published(api, ada, new Date(tuesday + 2 * DAY + 9 * 3_600_000 - week * 7 * DAY), { impressions: 1_000, likes: 10 });
    const withGrid = (await get(ada, '/schedule/suggestions?detail=grid').expect(200)).body.suggestions;
    expect(withGrid.basis).toBe('history');
    expect(withGrid.grid).toEqual([
      { day: 'tuesday', hour: 9, posts: 6, score: expect.any(Number) },
      { day: 'thursday', hour: 18, posts: 5, score: expect.any(Number) },
    ]);
    expect(withGrid.grid[0].score).toBeGreaterThan(1);
    expect(withGrid.grid[1].score).toBeLessThan(1);
    expect(withGrid.times[0]).toEqual({ day: 'tuesday', time: '09:00', score: withGrid.grid[0].score });
    // Without the detail the answer is as before.
    expect((await get(ada, '/schedule/suggestions').expect(200)).body.suggestions.grid).toBeUndefined();
    const bad = await get(ada, '/schedule/suggestions?detail=everything');
    expect([bad.status, Object.keys(bad.body.error.details)]).toEqual([422, ['detail']]);
  });
});

describe('analytics on LinkedIn: honest when there is nothing to show', () => {
  let fake: FakeLinkedIn;
  let withoutApp: TestApi;
  let withApp: TestApi;
  beforeAll(async () => {
    fake = await startFakeLinkedIn();
    const { LINKEDIN_ANALYTICS_CLIENT_ID: _id, LINKEDIN_ANALYTICS_CLIENT_SECRET: _secret, ...shareOnly } = fake.env;
    withoutApp = await startTestApi(shareOnly);
    withApp = await startTestApi(fake.env);
  });
  afterAll(async () => {
    await withoutApp.stop();
    await withApp.stop();
    await fake.close();
  });

  it('without an analytics app: available false, the reason in words, no number — the count of posts is still a fact', async () => {
    const ada = await createTestMember(withoutApp.runtime);
    await published(withoutApp, ada, ago(2), { impressions: 0 });
    const { summary } = (await withoutApp.http.get('/analytics/summary?days=7').set('Authorization', ada.auth).expect(200)).body;
    expect(summary).toEqual({
      days: 7,
      current: { posts_published: 1, impressions: null, likes: null, comments: null, shares: null, avg_engagement_rate: null },
      previous: { posts_published: 0, impressions: null, likes: null, comments: null, shares: null, avg_engagement_rate: null },
      source: null,
      available: false,
      unavailable_reason: expect.stringMatching(/Community Management API \(r_member_postAnalytics\).*LINKEDIN_ANALYTICS_CLIENT_ID/),
    });
    const row = (await withoutApp.http.get('/analytics/posts').set('Authorization', ada.auth).expect(200)).body.data[0];
    expect(row).toMatchObject({ impressions: null, likes: null, comments: null, shares: null, engagement_rate: null, refreshed_at: null });
  });

  it('with the app but no grant from the member, then an ended grant: each says how to connect; a live grant makes the numbers LinkedIn’s', async () => {
    const ada = await createTestMember(withApp.runtime);
    const summary = async () => (await withApp.http.get('/analytics/summary').set('Authorization', ada.auth).expect(200)).body.summary;
    expect(await summary()).toMatchObject({ available: false, source: null, unavailable_reason: expect.stringMatching(/has not given yet: connect the analytics app/) });
    const grant = { memberId: ada.memberId, accessTokenEnc: 'x', scopes: 'r_member_postAnalytics', connectedAt: ago(30) };
    await withApp.runtime.db.analyticsConnection.create({ data: { ...grant, expiresAt: ago(1) } });
    expect((await summary()).unavailable_reason).toMatch(/has ended \(it expired on .*\): connect the analytics app .* again/);
    await withApp.runtime.db.analyticsConnection.update({ where: { memberId: ada.memberId }, data: { expiresAt: ago(-30) } });
    expect(await summary()).toMatchObject({ available: true, source: 'linkedin', unavailable_reason: null, current: { impressions: 0 } });
    // A grant without the scope reads nothing: it does not count.
    await withApp.runtime.db.analyticsConnection.update({ where: { memberId: ada.memberId }, data: { scopes: 'openid profile' } });
    expect((await summary()).available).toBe(false);
  });
});
