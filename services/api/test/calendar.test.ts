import { CALENDAR_SQL } from '@lps/db';
import { createTestMember, createTestPost, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

// GET /calendar from the member's side (decision 0040): scheduled and published posts and the free
// slots of the posting schedule in one call, in the member's zone, right across a daylight-saving
// change; 500 posts in a month in one statement over two indexes. Every answer is checked against
// the served OpenAPI document.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ LPS_RATE_LIMIT: '100000/60' });
});
afterAll(async () => api.stop());

const DAY = 86_400_000;
const as = (member: TestMember) => ({
  get: (path: string) => api.http.get(path).set('Authorization', member.auth),
  put: (path: string, body: object) => api.http.put(path).set('Authorization', member.auth).send(body),
  patch: (path: string, body: object) => api.http.patch(path).set('Authorization', member.auth).send(body),
});
const range = (from: string, to: string) => `/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

describe('GET /calendar', () => {
  it('lists scheduled posts at their time and published posts at their publication, with titles and wall times, and the free slots between', async () => {
    const ada = await createTestMember(api.runtime);
    await as(ada).patch('/settings', { time_zone: 'Europe/Paris' }).expect(200);
    await as(ada)
      .put('/schedule', {
        slots: [
          { day: 'monday', time: '09:00' },
          { day: 'wednesday', time: '09:00' },
        ],
      })
      .expect(200);
    // Monday 2027-01-11 09:00 Paris = 08:00 UTC: a post queued there takes that slot.
    const queued = await createTestPost(api.runtime, ada.memberId, {
      status: 'scheduled',
      scheduledAt: new Date('2027-01-11T08:00:00Z'),
      body: '\n\n  Why we   queue posts\nsecond line',
    });
    const byHand = await createTestPost(api.runtime, ada.memberId, { status: 'scheduled', scheduledAt: new Date('2027-01-12T16:30:00Z'), body: 'A'.repeat(300), format: 'text' });
    const published = await createTestPost(api.runtime, ada.memberId, {
      status: 'published',
      publishedAt: new Date('2027-01-10T07:15:00Z'),
      scheduledAt: new Date('2027-01-11T08:00:00Z'),
      networkUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1/',
      networkPostUrn: 'urn:li:share:1',
      body: 'Published on Sunday',
    });
    // Neither a draft nor a rejected one with a stale scheduled_at is on the calendar.
    await createTestPost(api.runtime, ada.memberId, { status: 'draft_saved', scheduledAt: new Date('2027-01-13T08:00:00Z') });
    await createTestPost(api.runtime, ada.memberId, { status: 'rejected', scheduledAt: new Date('2027-01-13T08:00:00Z') });

    const { calendar } = (await as(ada).get(range('2027-01-10T00:00:00+01:00', '2027-01-17T00:00:00+01:00')).expect(200)).body;
    expect(calendar.time_zone).toBe('Europe/Paris');
    expect(calendar.truncated).toBe(false);
    expect(calendar.entries).toEqual([
      {
        post_id: published.id,
        status: 'published',
        at: '2027-01-10T07:15:00.000Z',
        local: '2027-01-10T08:15',
        title: 'Published on Sunday',
        format: 'text',
        network_url: published.networkUrl,
      },
      { post_id: queued.id, status: 'scheduled', at: '2027-01-11T08:00:00.000Z', local: '2027-01-11T09:00', title: 'Why we queue posts', format: 'text', network_url: null },
      { post_id: byHand.id, status: 'scheduled', at: '2027-01-12T16:30:00.000Z', local: '2027-01-12T17:30', title: `${'A'.repeat(119)}…`, format: 'text', network_url: null },
    ]);
    // Monday's slot is taken; Wednesday's is free (the draft and the rejected post take none).
    expect(calendar.free_slots).toEqual([{ at: '2027-01-13T08:00:00.000Z', local: '2027-01-13T09:00' }]);
  });

  it('keeps a 09:00 slot at 09:00 local on both sides of the spring change, and shows the UTC instants moving', async () => {
    const ada = await createTestMember(api.runtime);
    await as(ada).patch('/settings', { time_zone: 'Europe/Paris' }).expect(200);
    await as(ada)
      .put('/schedule', { slots: ['friday', 'saturday', 'sunday', 'monday'].map((day) => ({ day, time: '09:00' })) })
      .expect(200);
    const { calendar } = (await as(ada).get(range('2027-03-26T00:00:00Z', '2027-03-30T00:00:00Z')).expect(200)).body;
    expect(calendar.free_slots).toEqual([
      { at: '2027-03-26T08:00:00.000Z', local: '2027-03-26T09:00' },
      { at: '2027-03-27T08:00:00.000Z', local: '2027-03-27T09:00' },
      // 28 March 2027: clocks go from 02:00 to 03:00; 09:00 is now 07:00 UTC.
      { at: '2027-03-28T07:00:00.000Z', local: '2027-03-28T09:00' },
      { at: '2027-03-29T07:00:00.000Z', local: '2027-03-29T09:00' },
    ]);
    // And in autumn, with a post on the slot after the change.
    await as(ada)
      .put('/schedule', {
        slots: [
          { day: 'sunday', time: '09:00' },
          { day: 'monday', time: '09:00' },
        ],
      })
      .expect(200);
    const post = await createTestPost(api.runtime, ada.memberId, { status: 'scheduled', scheduledAt: new Date('2027-11-01T08:00:00Z') });
    const autumn = (await as(ada).get(range('2027-10-30T00:00:00Z', '2027-11-02T00:00:00Z')).expect(200)).body.calendar;
    expect(autumn.free_slots).toEqual([{ at: '2027-10-31T08:00:00.000Z', local: '2027-10-31T09:00' }]);
    expect(autumn.entries.map((entry: { post_id: string; local: string }) => [entry.post_id, entry.local])).toEqual([[post.id, '2027-11-01T09:00']]);
  });

  it('answers 500 posts of a month in time order, including the range’s first instant and excluding its last', async () => {
    const ada = await createTestMember(api.runtime);
    const start = Date.parse('2027-05-01T00:00:00Z');
    const at = (i: number) => new Date(start + Math.floor((i * 31 * DAY) / 500));
    await api.runtime.db.post.createMany({
      data: Array.from({ length: 500 }, (_, i) => ({
        memberId: ada.memberId,
        body: `Post ${i}`,
        ...(i % 2 === 0 ? { status: 'scheduled' as const, scheduledAt: at(i) } : { status: 'published' as const, publishedAt: at(i), networkPostUrn: `urn:li:share:${i}` }),
      })),
    });
    await createTestPost(api.runtime, ada.memberId, { status: 'scheduled', scheduledAt: new Date('2027-06-01T00:00:00Z') });
    const { calendar } = (await as(ada).get(range('2027-05-01T00:00:00Z', '2027-06-01T00:00:00Z')).expect(200)).body;
    expect(calendar.entries).toHaveLength(500);
    expect(calendar.entries.map((entry: { title: string }) => entry.title)).toEqual(Array.from({ length: 500 }, (_, i) => `Post ${i}`));
    expect(calendar.entries[0].at).toBe('2027-05-01T00:00:00.000Z');
  });

  it('finds the member’s rows through indexes on member_id in both halves, never by scanning the table', async () => {
    const ada = await createTestMember(api.runtime);
    // Many members planning the same month, as on a shared lps: the member's own rows are a small part of the month's.
    const others = await Promise.all(Array.from({ length: 30 }, () => createTestMember(api.runtime)));
    const start = Date.parse('2027-08-01T00:00:00Z');
    for (const member of [ada, ...others]) {
      await api.runtime.db.post.createMany({
        data: Array.from({ length: member === ada ? 1_000 : 300 }, (_, i) => ({
          memberId: member.memberId,
          ...(i % 2 === 0
            ? { status: 'scheduled' as const, scheduledAt: new Date(start + i * 3_600_000) }
            : { status: 'published' as const, publishedAt: new Date(start - i * 3_600_000), networkPostUrn: `urn:li:share:${i}` }),
        })),
      });
    }
    await api.runtime.sql.query('ANALYZE posts');
    const { rows } = await api.runtime.sql.query<{ 'QUERY PLAN': unknown }>({
      text: `EXPLAIN (FORMAT JSON) ${CALENDAR_SQL}`,
      values: [ada.memberId, new Date('2027-08-01T00:00:00Z'), new Date('2027-09-01T00:00:00Z'), 3001],
    });
    const plan = JSON.stringify(rows[0]?.['QUERY PLAN']);
    if (process.env.LPS_SHOW_PLAN) process.stdout.write(`${JSON.stringify(rows[0]?.['QUERY PLAN'], null, 1)}\n`);
    expect(plan).not.toContain('"Seq Scan"');
    // The published half by (member_id, published_at), both bounds in the index condition.
    expect(plan).toMatch(
      /"Index Name":"posts_member_id_published_at_idx","[^}]*"Index Cond":"\(\(member_id = '[^']+'::uuid\) AND \(published_at >= [^)]+\) AND \(published_at < [^)]+\)\)"/,
    );
    // The scheduled half: the planner may use (member_id, scheduled_at) alone or AND the member's rows of another
    // member index with the month's scheduled rows (posts_status_scheduled_at_idx); either way an index condition.
    const memberConditions = [...plan.matchAll(/"Index Cond":"[^"]*member_id = '[^']+'::uuid/g)];
    expect(memberConditions.length).toBeGreaterThanOrEqual(2);
    const indexes = new Set([...plan.matchAll(/"Index Name":"([^"]+)"/g)].map((match) => match[1]));
    expect([...indexes].every((name) => /^posts_(member_id_(scheduled|published)_at|status_scheduled_at)_idx$/.test(name as string))).toBe(true);
  });

  it('is the member’s own: another member’s posts never appear', async () => {
    const ada = await createTestMember(api.runtime);
    const bob = await createTestMember(api.runtime);
    await as(ada).put('/schedule', { slots: [] }).expect(200);
    await createTestPost(api.runtime, bob.memberId, { status: 'scheduled', scheduledAt: new Date('2027-02-01T09:00:00Z') });
    const { calendar } = (await as(ada).get(range('2027-02-01T00:00:00Z', '2027-02-02T00:00:00Z')).expect(200)).body;
    expect(calendar).toEqual({ time_zone: 'UTC', entries: [], free_slots: [], truncated: false });
  });

  it.each([
    ['no range at all', '/calendar', 'from,to'],
    ['no to', `/calendar?from=${encodeURIComponent('2027-01-01T00:00:00Z')}`, 'to'],
    ['a date without time', range('2027-01-01', '2027-01-02'), 'from,to'],
    ['no offset', range('2027-01-01T00:00:00', '2027-01-02T00:00:00Z'), 'from'],
    ['31 February', range('2027-02-31T00:00:00Z', '2027-03-02T00:00:00Z'), 'from'],
    ['to before from', range('2027-01-02T00:00:00Z', '2027-01-01T00:00:00Z'), 'to'],
    ['to equal to from', range('2027-01-01T00:00:00Z', '2027-01-01T00:00:00Z'), 'to'],
    ['93 days', range('2027-01-01T00:00:00Z', '2027-04-04T00:00:00Z'), 'to'],
    ['a hostile string', range('<script>alert(1)</script>', '2027-01-02T00:00:00Z'), 'from'],
    ['a huge value', range('9'.repeat(5_000), '2027-01-02T00:00:00Z'), 'from'],
    ['a NUL', `/calendar?from=2027-01-01T00:00:00Z%00&to=2027-01-02T00:00:00Z`, 'from'],
    ['a parameter twice', `${range('2027-01-01T00:00:00Z', '2027-01-02T00:00:00Z')}&from=2027-01-01T00:00:00Z`, 'from'],
  ])('%s is 422 validation_error naming the field', async (_what, path, fields) => {
    const ada = await createTestMember(api.runtime);
    const answer = await as(ada).get(path);
    expect([answer.status, answer.body.error.code, Object.keys(answer.body.error.details ?? {}).sort()]).toEqual([422, 'validation_error', fields.split(',')]);
  });

  it('takes exactly 92 days, and refuses parameters it does not know, naming them (as every endpoint does)', async () => {
    const ada = await createTestMember(api.runtime);
    await as(ada).get(range('2027-01-01T00:00:00Z', '2027-04-03T00:00:00Z')).expect(200);
    const unknown = await as(ada).get(`${range('2027-01-01T00:00:00Z', '2027-01-02T00:00:00Z')}&view=month`);
    expect([unknown.status, unknown.body.error.code, Object.keys(unknown.body.error.details)]).toEqual([422, 'validation_error', ['view']]);
  });
});
