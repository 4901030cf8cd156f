import { randomUUID } from 'node:crypto';
import { createTestMember, createTestPost, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';
import { openRaw, within } from './support/raw-http.js';

// Settings, the posting schedule, its slots, the queue and unscheduling, from the member's side:
// HTTP through the real server, every answer checked against the served OpenAPI document,
// PostgreSQL underneath (the slot choice under concurrency is its lock's).

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ LPS_RATE_LIMIT: '100000/60' });
});
afterAll(async () => api.stop());

const MINUTE = 60_000;
const DAY = 86_400_000;
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

const as = (member: TestMember) => ({
  get: (path: string) => api.http.get(path).set('Authorization', member.auth),
  post: (path: string, body?: object) => api.http.post(path).set('Authorization', member.auth).send(body),
  patch: (path: string, body: object) => api.http.patch(path).set('Authorization', member.auth).send(body),
  put: (path: string, body: object) => api.http.put(path).set('Authorization', member.auth).send(body),
  delete: (path: string) => api.http.delete(path).set('Authorization', member.auth),
});

/**
 * Every day at seven whole UTC hours starting three hours from now: no slot falls in the next
 * two hours, so "the earliest slots from now" are the same for every request of a test.
 */
function slotsAwayFromNow(): { day: string; time: string }[] {
  const hour = new Date().getUTCHours();
  return WEEKDAYS.flatMap((day) => [3, 4, 5, 6, 7, 8, 9].map((ahead) => ({ day, time: `${String((hour + ahead) % 24).padStart(2, '0')}:00` })));
}

async function memberWithSlots(): Promise<TestMember> {
  const member = await createTestMember(api.runtime);
  await as(member).put('/schedule', { slots: slotsAwayFromNow() }).expect(200);
  return member;
}

const slotsAhead = async (member: TestMember, days = 30) =>
  (
    await as(member)
      .get(`/schedule/slots?to=${encodeURIComponent(new Date(Date.now() + days * DAY).toISOString())}`)
      .expect(200)
  ).body.data as { at: string; local: string; post_id: string | null }[];

describe('GET and PATCH /settings', () => {
  it('start at UTC without approval, and keep what the member sets (the zone spelt as the database spells it)', async () => {
    const member = await createTestMember(api.runtime);
    expect((await as(member).get('/settings').expect(200)).body).toEqual({ settings: { time_zone: 'UTC', approval_required: false } });
    expect((await as(member).patch('/settings', { time_zone: 'europe/paris' }).expect(200)).body.settings).toEqual({ time_zone: 'Europe/Paris', approval_required: false });
    expect((await as(member).patch('/settings', { approval_required: true }).expect(200)).body.settings).toEqual({ time_zone: 'Europe/Paris', approval_required: true });
    expect((await as(member).get('/settings').expect(200)).body.settings).toEqual({ time_zone: 'Europe/Paris', approval_required: true });
    // Another member's are their own.
    expect(
      (
        await as(await createTestMember(api.runtime))
          .get('/settings')
          .expect(200)
      ).body.settings.time_zone,
    ).toBe('UTC');
  });

  it.each([
    ['an unknown zone', { time_zone: 'Mars/Olympus_Mons' }, 'time_zone'],
    ['a misspelt zone', { time_zone: 'Europe/Pariss' }, 'time_zone'],
    ['an offset, not a zone', { time_zone: '+01:00' }, 'time_zone'],
    ['UTC+1', { time_zone: 'UTC+1' }, 'time_zone'],
    ['an empty zone', { time_zone: '' }, 'time_zone'],
    ['a zone that is not a string', { time_zone: 1 }, 'time_zone'],
    ['a path', { time_zone: '../../../etc/passwd' }, 'time_zone'],
    ['script', { time_zone: '<script>alert(1)</script>' }, 'time_zone'],
    ['a NUL', { time_zone: 'Europe/Paris\u0000' }, 'time_zone'],
    ['a 10,000-character zone', { time_zone: 'A'.repeat(10_000) }, 'time_zone'],
    ['approval as a string', { approval_required: 'yes' }, 'approval_required'],
    ['an unknown field', { time_zone: 'UTC', week_starts: 'sunday' }, 'week_starts'],
  ])('answer 422 validation_error naming the field for %s, and change nothing', async (_name, body, field) => {
    const member = await createTestMember(api.runtime);
    const answer = await as(member).patch('/settings', body).expect(422);
    expect(answer.body.error.code).toBe('validation_error');
    expect(answer.body.error.details).toHaveProperty([field]);
    expect((await as(member).get('/settings').expect(200)).body.settings).toEqual({ time_zone: 'UTC', approval_required: false });
  });

  it('answer 422 validation_error for an empty change', async () => {
    const answer = await as(await createTestMember(api.runtime))
      .patch('/settings', {})
      .expect(422);
    expect(answer.body.error.code).toBe('validation_error');
  });
});

describe('GET and PUT /schedule', () => {
  it('start Monday to Friday at 09:00; a new schedule is folded and sorted Monday first, then by time', async () => {
    const member = await createTestMember(api.runtime);
    expect((await as(member).get('/schedule').expect(200)).body).toEqual({
      schedule: { time_zone: 'UTC', slots: WEEKDAYS.slice(0, 5).map((day) => ({ day, time: '09:00' })) },
    });
    const put = await as(member)
      .put('/schedule', {
        slots: [
          { day: 'sunday', time: '18:00' },
          { day: 'monday', time: '12:30' },
          { day: 'monday', time: '08:05' },
          { day: 'sunday', time: '18:00' },
        ],
      })
      .expect(200);
    const expected = [
      { day: 'monday', time: '08:05' },
      { day: 'monday', time: '12:30' },
      { day: 'sunday', time: '18:00' },
    ];
    expect(put.body.schedule).toEqual({ time_zone: 'UTC', slots: expected });
    expect((await as(member).get('/schedule').expect(200)).body.schedule.slots).toEqual(expected);
    expect((await as(member).put('/schedule', { slots: [] }).expect(200)).body.schedule.slots).toEqual([]);
  });

  it('takes 50 slots and refuses 51 (422 naming slots)', async () => {
    const member = await createTestMember(api.runtime);
    const fifty = Array.from({ length: 50 }, (_, i) => ({ day: WEEKDAYS[i % 7], time: `${String(Math.floor(i / 7) + 8).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}` }));
    expect((await as(member).put('/schedule', { slots: fifty }).expect(200)).body.schedule.slots).toHaveLength(50);
    const answer = await as(member)
      .put('/schedule', { slots: [...fifty, { day: 'monday', time: '23:59' }] })
      .expect(422);
    expect(answer.body.error).toMatchObject({ code: 'validation_error', details: { slots: expect.stringContaining('50') } });
  });

  it.each([
    ['24:00', { day: 'monday', time: '24:00' }, 'slots.0.time'],
    ['9:00', { day: 'monday', time: '9:00' }, 'slots.0.time'],
    ['09:60', { day: 'monday', time: '09:60' }, 'slots.0.time'],
    ['09:00:00', { day: 'monday', time: '09:00:00' }, 'slots.0.time'],
    ['a time that is a number', { day: 'monday', time: 900 }, 'slots.0.time'],
    ['Monday, capitalised', { day: 'Monday', time: '09:00' }, 'slots.0.day'],
    ['an unknown day', { day: 'funday', time: '09:00' }, 'slots.0.day'],
    ['a slot without a time', { day: 'monday' }, 'slots.0.time'],
    ['a slot with an unknown field', { day: 'monday', time: '09:00', zone: 'UTC' }, 'slots.0.zone'],
  ])('refuses %s with 422 validation_error naming the field', async (_name, slot, field) => {
    const member = await createTestMember(api.runtime);
    const answer = await as(member)
      .put('/schedule', { slots: [slot] })
      .expect(422);
    expect(answer.body.error.code).toBe('validation_error');
    expect(Object.keys(answer.body.error.details)).toContain(field);
    expect((await as(member).get('/schedule').expect(200)).body.schedule.slots).toHaveLength(5);
  });

  it('refuses a body without slots, or slots that are not a list', async () => {
    const member = await createTestMember(api.runtime);
    for (const body of [{}, { slots: 'monday 09:00' }, { slots: null }]) {
      expect((await as(member).put('/schedule', body).expect(422)).body.error.details).toHaveProperty(['slots']);
    }
  });
});

describe('GET /schedule/slots', () => {
  it('gives each slot its instant and wall time across the 2027 changes in Paris (02:30 skipped: 03:30; repeated: the first)', async () => {
    const member = await createTestMember(api.runtime);
    await as(member).patch('/settings', { time_zone: 'Europe/Paris' }).expect(200);
    await as(member)
      .put('/schedule', {
        slots: [
          { day: 'saturday', time: '09:00' },
          { day: 'sunday', time: '02:30' },
          { day: 'monday', time: '09:00' },
        ],
      })
      .expect(200);
    const list = async (from: string, to: string) =>
      (
        await as(member)
          .get(`/schedule/slots?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)
          .expect(200)
      ).body.data.map((slot: { at: string; local: string }) => [slot.at, slot.local]);
    expect(await list('2027-03-27T00:00:00+01:00', '2027-03-30T00:00:00+02:00')).toEqual([
      ['2027-03-27T08:00:00.000Z', '2027-03-27T09:00'],
      ['2027-03-28T01:30:00.000Z', '2027-03-28T03:30'],
      ['2027-03-29T07:00:00.000Z', '2027-03-29T09:00'],
    ]);
    expect(await list('2027-10-30T00:00:00Z', '2027-11-02T00:00:00Z')).toEqual([
      ['2027-10-30T07:00:00.000Z', '2027-10-30T09:00'],
      ['2027-10-31T00:30:00.000Z', '2027-10-31T02:30'],
      ['2027-11-01T08:00:00.000Z', '2027-11-01T09:00'],
    ]);
  });

  it('keeps the wall times when the zone changes: Monday 09:00 in Paris, then 09:00 in New York', async () => {
    const member = await createTestMember(api.runtime);
    const monday = async () =>
      (
        await as(member)
          .get(`/schedule/slots?from=${encodeURIComponent('2027-06-07T00:00:00Z')}&to=${encodeURIComponent('2027-06-08T00:00:00Z')}`)
          .expect(200)
      ).body.data;
    await as(member).patch('/settings', { time_zone: 'Europe/Paris' }).expect(200);
    expect(await monday()).toEqual([{ at: '2027-06-07T07:00:00.000Z', local: '2027-06-07T09:00', post_id: null }]);
    await as(member).patch('/settings', { time_zone: 'America/New_York' }).expect(200);
    expect(await monday()).toEqual([{ at: '2027-06-07T13:00:00.000Z', local: '2027-06-07T09:00', post_id: null }]);
    expect((await as(member).get('/schedule').expect(200)).body.schedule).toMatchObject({
      time_zone: 'America/New_York',
      slots: expect.arrayContaining([{ day: 'monday', time: '09:00' }]),
    });
  });

  it('defaults to the next 14 days: ten weekday slots, all ahead, in time order', async () => {
    const before = Date.now();
    const data = (
      await as(await createTestMember(api.runtime))
        .get('/schedule/slots')
        .expect(200)
    ).body.data as { at: string }[];
    expect(data).toHaveLength(10);
    const times = data.map((slot) => Date.parse(slot.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThanOrEqual(before);
    expect(times[9]).toBeLessThanOrEqual(Date.now() + 14 * DAY);
  });

  it.each([
    ['to before from', 'from=2027-01-10T00:00:00Z&to=2027-01-09T00:00:00Z', 'to'],
    ['to equal to from', 'from=2027-01-10T00:00:00Z&to=2027-01-10T00:00:00Z', 'to'],
    ['93 days', 'from=2027-01-01T00:00:00Z&to=2027-04-04T00:00:00Z', 'to'],
    ['a from without an offset', 'from=2027-01-01T00:00:00', 'from'],
    ['a from that is no date', 'from=2027-02-31T00:00:00Z', 'from'],
    ['a to that is a word', 'to=tomorrow', 'to'],
  ])('answers 422 validation_error naming the parameter for %s', async (_name, query, field) => {
    const answer = await as(await createTestMember(api.runtime))
      .get(`/schedule/slots?${query.replace(/\+/g, '%2B')}`)
      .expect(422);
    expect(answer.body.error.code).toBe('validation_error');
    expect(answer.body.error.details).toHaveProperty([field]);
  });

  it('takes exactly 92 days', async () => {
    const answer = await as(await createTestMember(api.runtime))
      .get('/schedule/slots?from=2027-01-01T00:00:00Z&to=2027-04-03T00:00:00Z')
      .expect(200);
    // 2027-01-01 is a Friday: 92 days hold 13 weeks and a day, 66 weekdays.
    expect(answer.body.data).toHaveLength(66);
  });
});

describe('POST /posts/{id}/queue', () => {
  it('puts three posts on the first three free slots, each at least two minutes ahead, and the slots name them', async () => {
    const member = await memberWithSlots();
    const posts = await Promise.all([0, 1, 2].map(() => createTestPost(api.runtime, member.memberId)));
    const asked = Date.now();
    const answers = [];
    for (const post of posts) answers.push((await as(member).post(`/posts/${post.id}/queue`).expect(200)).body.post);
    const slots = await slotsAhead(member);
    expect(answers.map((post) => post.scheduled_at)).toEqual(slots.slice(0, 3).map((slot) => slot.at));
    expect(answers.every((post) => post.status === 'scheduled' && Date.parse(post.scheduled_at) >= asked + 2 * MINUTE)).toBe(true);
    expect(slots.slice(0, 4).map((slot) => slot.post_id)).toEqual([...posts.map((post) => post.id), null]);
  });

  it('gives 20 posts queued at the same moment 20 distinct slots: the first 20', async () => {
    const member = await memberWithSlots();
    const posts = await Promise.all(Array.from({ length: 20 }, () => createTestPost(api.runtime, member.memberId)));
    const answers = await Promise.all(posts.map((post) => as(member).post(`/posts/${post.id}/queue`)));
    expect(answers.map((answer) => answer.status)).toEqual(posts.map(() => 200));
    const taken = answers.map((answer) => answer.body.post.scheduled_at as string);
    expect(new Set(taken).size).toBe(20);
    const slots = await slotsAhead(member);
    expect([...taken].sort()).toEqual(slots.slice(0, 20).map((slot) => slot.at));
    expect(new Set(slots.slice(0, 20).map((slot) => slot.post_id))).toEqual(new Set(posts.map((post) => post.id)));
  });

  it('queues one post asked twice at the same moment once: both answers name the one slot it takes', async () => {
    const member = await memberWithSlots();
    const post = await createTestPost(api.runtime, member.memberId);
    const answers = await Promise.all([0, 1].map(() => as(member).post(`/posts/${post.id}/queue`)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [first, second] = answers.map((answer) => answer.body.post.scheduled_at as string);
    expect(second).toBe(first);
    const slots = await slotsAhead(member);
    expect(slots.filter((slot) => slot.post_id === post.id).map((slot) => slot.at)).toEqual([first]);
    expect(slots[0]).toMatchObject({ at: first, post_id: post.id });
  });

  it('gives a slot freed by unscheduling or deleting to the next post queued', async () => {
    const member = await memberWithSlots();
    const [first, second, third, fourth, fifth] = await Promise.all([0, 1, 2, 3, 4].map(() => createTestPost(api.runtime, member.memberId)));
    const queued = [];
    for (const post of [first, second, third]) queued.push((await as(member).post(`/posts/${post!.id}/queue`).expect(200)).body.post.scheduled_at);
    const unscheduled = await as(member).post(`/posts/${second!.id}/unschedule`).expect(200);
    expect(unscheduled.body.post).toMatchObject({ status: 'draft_saved', scheduled_at: null });
    expect((await as(member).post(`/posts/${fourth!.id}/queue`).expect(200)).body.post.scheduled_at).toBe(queued[1]);
    await as(member).delete(`/posts/${first!.id}`).expect(204);
    expect((await as(member).post(`/posts/${fifth!.id}/queue`).expect(200)).body.post.scheduled_at).toBe(queued[0]);
  });

  it('skips a slot a post scheduled by hand sits on', async () => {
    const member = await memberWithSlots();
    const [slot] = await slotsAhead(member, 2);
    const byHand = await createTestPost(api.runtime, member.memberId);
    await as(member).post(`/posts/${byHand.id}/schedule`, { scheduled_at: slot!.at }).expect(200);
    const queued = await createTestPost(api.runtime, member.memberId);
    const answer = await as(member).post(`/posts/${queued.id}/queue`).expect(200);
    expect(Date.parse(answer.body.post.scheduled_at)).toBeGreaterThan(Date.parse(slot!.at));
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    const member = await memberWithSlots();
    const post = await createTestPost(api.runtime, member.memberId);
    const key = randomUUID();
    const first = await as(member).post(`/posts/${post.id}/queue`).set('Idempotency-Key', key).expect(200);
    const again = await as(member).post(`/posts/${post.id}/queue`).set('Idempotency-Key', key).expect(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('answers 409 for a published, rejected or image-generating post, and 404 for another member’s', async () => {
    const member = await memberWithSlots();
    for (const status of ['published', 'rejected', 'generating_images'] as const) {
      const post = await createTestPost(api.runtime, member.memberId, { status });
      expect((await as(member).post(`/posts/${post.id}/queue`).expect(409)).body.error.code).toBe('conflict');
    }
    const theirs = await createTestPost(api.runtime, (await createTestMember(api.runtime)).memberId);
    expect((await as(member).post(`/posts/${theirs.id}/queue`).expect(404)).body.error.code).toBe('not_found');
    expect((await as(member).post('/posts/not-a-uuid/queue').expect(422)).body.error.details).toHaveProperty(['id']);
  });

  it('answers 422 unprocessable when the schedule has no slots, and leaves the post as it was', async () => {
    const member = await createTestMember(api.runtime);
    await as(member).put('/schedule', { slots: [] }).expect(200);
    const post = await createTestPost(api.runtime, member.memberId);
    const answer = await as(member).post(`/posts/${post.id}/queue`).expect(422);
    expect(answer.body.error.code).toBe('unprocessable');
    expect((await as(member).get(`/posts/${post.id}`).expect(200)).body.post).toMatchObject({ status: 'draft_saved', scheduled_at: null });
  });
});

describe('POST /posts/{id}/unschedule', () => {
  it('returns a post to the state it had before it was scheduled', async () => {
    const member = await memberWithSlots();
    const approved = await createTestPost(api.runtime, member.memberId, { status: 'approved' });
    await as(member).post(`/posts/${approved.id}/queue`).expect(200);
    // Rescheduling keeps the state it came from.
    await as(member)
      .post(`/posts/${approved.id}/schedule`, { scheduled_at: new Date(Date.now() + DAY).toISOString() })
      .expect(200);
    expect((await as(member).post(`/posts/${approved.id}/unschedule`).expect(200)).body.post).toMatchObject({ status: 'approved', scheduled_at: null });
    // Its waiting publish job went with the schedule.
    expect(await api.runtime.queues.publish.getJob(`publish-${approved.id}`)).toBeUndefined();
  });

  it('answers 409 when the post is not scheduled, and 404 for another member’s', async () => {
    const member = await createTestMember(api.runtime);
    for (const status of ['draft_saved', 'approved', 'published', 'rejected'] as const) {
      const post = await createTestPost(api.runtime, member.memberId, { status });
      expect((await as(member).post(`/posts/${post.id}/unschedule`).expect(409)).body.error.code).toBe('conflict');
    }
    const inFlight = await createTestPost(api.runtime, member.memberId, { status: 'scheduled', scheduledAt: new Date(Date.now() + DAY), publishRequestedAt: new Date() });
    expect((await as(member).post(`/posts/${inFlight.id}/unschedule`).expect(409)).body.error.message).toMatch(/being published/);
    const theirs = await createTestPost(api.runtime, (await createTestMember(api.runtime)).memberId, { status: 'scheduled', scheduledAt: new Date(Date.now() + DAY) });
    expect((await as(member).post(`/posts/${theirs.id}/unschedule`).expect(404)).body.error.code).toBe('not_found');
  });
});

describe('GET /schedule/suggestions', () => {
  it('answers the default list, saying so, for a member with too few published posts', async () => {
    const member = await createTestMember(api.runtime);
    await createTestPost(api.runtime, member.memberId, { status: 'published', publishedAt: new Date(Date.now() - DAY), analyticsImpressions: 500, analyticsEngagement: 20 });
    const answer = (await as(member).get('/schedule/suggestions').expect(200)).body.suggestions;
    expect(answer).toMatchObject({ basis: 'default', posts_considered: 1 });
    expect(answer.times).toHaveLength(5);
    expect(answer.times.every((time: { score: unknown }) => time.score === null)).toBe(true);
  });

  it("ranks the member's own hours from their published posts with analytics, in their zone, the same each time", async () => {
    const member = await createTestMember(api.runtime);
    await as(member).patch('/settings', { time_zone: 'Europe/Paris' }).expect(200);
    // Tuesdays 10:00 in Paris did 8 %, Thursdays 16:00 2 %, over the last weeks (Paris summer or winter time alike).
    const tuesday = (weeksAgo: number) => {
      const at = new Date(Date.now() - weeksAgo * 7 * DAY);
      at.setUTCDate(at.getUTCDate() - ((at.getUTCDay() + 5) % 7));
      return at;
    };
    const parisAt = (day: Date, hour: number, plusDays = 0) => {
      const probe = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + plusDays, hour));
      const offsetHours = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: 'numeric', hourCycle: 'h23' }).format(probe)) - hour;
      return new Date(probe.getTime() - offsetHours * 3_600_000);
    };
    for (let week = 1; week <= 6; week += 1) {
      await createTestPost(api.runtime, member.memberId, { status: 'published', publishedAt: parisAt(tuesday(week), 10), analyticsImpressions: 1000, analyticsEngagement: 80 });
      await createTestPost(api.runtime, member.memberId, { status: 'published', publishedAt: parisAt(tuesday(week), 16, 2), analyticsImpressions: 1000, analyticsEngagement: 20 });
    }
    // Drafts and posts without analytics do not count.
    await createTestPost(api.runtime, member.memberId, { status: 'draft_saved', analyticsImpressions: 1000, analyticsEngagement: 900 });
    await createTestPost(api.runtime, member.memberId, { status: 'published', publishedAt: new Date(Date.now() - DAY) });
    const first = (await as(member).get('/schedule/suggestions').expect(200)).body.suggestions;
    expect(first).toMatchObject({ basis: 'history', posts_considered: 12 });
    expect(first.times.map((time: { day: string; time: string }) => `${time.day} ${time.time}`)).toEqual(['tuesday 10:00', 'thursday 16:00']);
    expect(first.times[0].score).toBeGreaterThan(1);
    expect((await as(member).get('/schedule/suggestions').expect(200)).body.suggestions).toEqual(first);
  });
});

describe('bodies over the limit on the new endpoints', () => {
  it.each([
    ['PUT', '/schedule'],
    ['PATCH', '/settings'],
    ['POST', `/posts/${randomUUID()}/reject`],
  ])('%s %s with a 10 MB body is 422 validation_error naming body, answered before it is read', async (method, path) => {
    const member = await createTestMember(api.runtime);
    const connection = openRaw(Number(new URL(api.baseUrl).port));
    connection.write(
      `${method} /api/v1${path} HTTP/1.1\r\nHost: x\r\nAuthorization: ${member.auth}\r\nContent-Type: application/json\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n{"slots":[`,
    );
    const answer = await within(5_000, connection.response, 'the answer to a 10 MB declared body').finally(() => connection.socket.destroy());
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.body).error).toMatchObject({ code: 'validation_error', details: { body: expect.stringMatching(/larger than 1 MB/) } });
  });
});
