import { createOutsideClients, startApiService, type ApiService } from '@lps/api';
import { createDashboard, STREAM_EVENT_TYPES, type Dashboard } from '@lps/dashboard';
import { STREAM_EVENTS_SQL } from '@lps/db';
import { createTestPost, startLocalRedis, waitFor, type LoneLocalRedis } from '@lps/testing';
import { BrowserClient } from './support/browser-client.js';
import { startTestDashboard, type TestDashboard } from './support/dashboard-harness.js';
import { EventStream, type ReadEvent } from './support/event-stream.js';

// The live stream of /dashboard/api/events (decision 0039), from the browser's side: what arrives,
// for whom, across a reconnect and another replica, without Redis, and when the session ends.

let redis: LoneLocalRedis;
let dashboard: TestDashboard;

beforeAll(async () => {
  // A Redis of this file's own: a test empties it with FLUSHALL.
  redis = await startLocalRedis();
  dashboard = await startTestDashboard({ REDIS_URL: redis.url, LPS_EVENTS_POLL_INTERVAL: '200ms', LPS_EVENTS_HEARTBEAT: '1s', LPS_SIGN_IN_LIMIT: '1000/60' });
});
afterAll(async () => {
  await dashboard.stop();
  await redis.stop();
});

interface Member {
  browser: BrowserClient;
  memberId: string;
}

async function signIn(name: string): Promise<Member> {
  const browser = new BrowserClient(dashboard.origin);
  await browser.sandboxSignIn({ name });
  const memberId = (await browser.call('GET', '/dashboard/api/session')).json.member.id as string;
  return { browser, memberId };
}

const open = (member: Member, headers: Record<string, string> = {}, origin = dashboard.origin) =>
  EventStream.open(origin, '/dashboard/api/events', { cookie: member.browser.cookieHeader(), ...headers });

/** An open stream that has joined (its `id:` line says where it stands). */
async function joined(member: Member, headers: Record<string, string> = {}, origin = dashboard.origin): Promise<EventStream> {
  const stream = await open(member, headers, origin);
  expect(stream.status).toBe(200);
  await stream.until(() => stream.lastEventId || undefined, 'the stream’s starting position');
  return stream;
}

const post = (member: Member, overrides: Parameters<typeof createTestPost>[2] = {}) => createTestPost(dashboard.runtime, member.memberId, overrides);
const act = async (member: Member, path: string, body?: unknown) => {
  const answer = await member.browser.call('POST', `/dashboard/api/v1${path}`, body);
  expect([path, answer.status]).toEqual([path, 200]);
  return answer.json;
};
const about = (postId: string) => (event: ReadEvent) => (event.json?.data?.post?.id ?? event.json?.data?.post_id) === postId;

describe('GET /dashboard/api/events', () => {
  it('streams text/event-stream with a retry hint and a starting id, then each event as the webhook body, under its type', async () => {
    const ada = await signIn('Ada Events');
    const stream = await joined(ada);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.retryMs).toBe(2000);
    expect(stream.lastEventId).toMatch(/^\d+-\d+$/);
    const draft = await post(ada);
    await act(ada, `/posts/${draft.id}/approve`);
    const approved = await stream.next(about(draft.id), 'post.approved');
    expect(approved.event).toBe('post.approved');
    expect(approved.json).toEqual({
      id: expect.any(String),
      type: 'post.approved',
      created_at: expect.any(String),
      data: { post: expect.objectContaining({ id: draft.id, status: 'approved' }) },
    });
    const outbox = await dashboard.runtime.db.outboxEvent.findUniqueOrThrow({ where: { id: approved.json.id } });
    expect(approved.json.created_at).toBe(outbox.createdAt.toISOString());
    expect(approved.lastEventId).toBe(`${outbox.txId}-${outbox.seq}`);
    stream.close();
  });

  it('carries post.changed for what no webhook says (scheduled, unscheduled), once, and not beside a named event of the same change', async () => {
    const ada = await signIn('Ada Changes');
    const stream = await joined(ada);
    const draft = await post(ada);
    await act(ada, `/posts/${draft.id}/schedule`, { scheduled_at: new Date(Date.now() + 86_400_000).toISOString() });
    await act(ada, `/posts/${draft.id}/unschedule`);
    await act(ada, `/posts/${draft.id}/approve`);
    await act(ada, `/posts/${draft.id}/reject`, { note: 'Shorter, please' });
    await stream.nth(3, 'four events');
    // The approval's status change is post.approved alone; the rejection's, post.rejected alone.
    expect(stream.events.map((event) => [event.event, event.json.data.status ?? event.json.data.post?.status])).toEqual([
      ['post.changed', 'scheduled'],
      ['post.changed', 'draft_saved'],
      ['post.approved', 'approved'],
      ['post.rejected', 'rejected'],
    ]);
    expect(stream.events[0]?.json.data).toEqual({ post_id: draft.id, status: 'scheduled', publishing: false });
    stream.close();
  });

  it("sends a member's events to that member only: another member's stream never carries them", async () => {
    const ada = await signIn('Ada Alone');
    const bob = await signIn('Bob Alone');
    const [adaStream, bobStream] = [await joined(ada), await joined(bob)];
    const adas = await post(ada);
    const bobs = await post(bob);
    await act(ada, `/posts/${adas.id}/approve`);
    await adaStream.next(about(adas.id), "Ada's approval");
    // Bob's own event comes after Ada's in the stream: had Ada's reached Bob, it would be his first.
    await act(bob, `/posts/${bobs.id}/approve`);
    const first = await bobStream.nth(0, "Bob's first event");
    expect(first.json.data.post.id).toBe(bobs.id);
    await act(ada, `/posts/${adas.id}/reject`);
    await adaStream.next((event) => event.event === 'post.rejected', "Ada's rejection");
    await act(bob, `/posts/${bobs.id}/reject`);
    await bobStream.nth(1, "Bob's second event");
    expect(bobStream.events.every((event) => event.json.data.post.id === bobs.id)).toBe(true);
    expect(adaStream.events.every((event) => event.json.data.post.id === adas.id)).toBe(true);
    adaStream.close();
    bobStream.close();
  });

  it('resumes after a reconnect from Last-Event-ID with nothing missed, in order, then goes on live', async () => {
    const ada = await signIn('Ada Resumes');
    const first = await joined(ada);
    const posts = await Promise.all([post(ada), post(ada), post(ada), post(ada)]);
    await act(ada, `/posts/${posts[0]?.id}/approve`);
    const seen = await first.nth(0);
    first.close();
    // While the browser is away, three more things happen.
    for (const missed of posts.slice(1)) await act(ada, `/posts/${missed.id}/approve`);
    const again = await joined(ada, { 'last-event-id': seen.lastEventId });
    await again.nth(2, 'the three missed events');
    expect(again.events.slice(0, 3).map((event) => event.json.data.post.id)).toEqual(posts.slice(1).map((missed) => missed.id));
    await act(ada, `/posts/${posts[0]?.id}/reject`);
    const live = await again.nth(3, 'the live event after the catch-up');
    expect([live.event, live.json.data.post.id]).toEqual(['post.rejected', posts[0]?.id]);
    // Every id is past the one before: the browser's Last-Event-ID only moves forward.
    const ids = [seen, ...again.events].map((event) => event.lastEventId.split('-').map(BigInt));
    for (let i = 1; i < ids.length; i += 1) expect(ids[i - 1]! < ids[i]!).toBe(true);
    again.close();
  });

  it('resumes on another replica (its own poller and cursor) from the id the first one sent', async () => {
    const ada = await signIn('Ada Replicas');
    const replica: { dashboard: Dashboard; api: ApiService } = { dashboard: undefined as never, api: undefined as never };
    replica.dashboard = createDashboard(dashboard.runtime, { clients: createOutsideClients(dashboard.runtime), webRoot: '/nonexistent' });
    replica.api = await startApiService(dashboard.runtime, { port: 0, host: '127.0.0.1', mount: [replica.dashboard.router], beforeStop: () => replica.dashboard.stop() });
    try {
      const onFirst = await joined(ada);
      const draft = await post(ada);
      await act(ada, `/posts/${draft.id}/approve`);
      const seen = await onFirst.nth(0);
      onFirst.close();
      await act(ada, `/posts/${draft.id}/reject`);
      const onSecond = await joined(ada, { 'last-event-id': seen.lastEventId }, `http://127.0.0.1:${replica.api.port}`);
      const missed = await onSecond.nth(0, 'the event missed while switching replicas');
      expect([missed.event, missed.json.data.post.id]).toEqual(['post.rejected', draft.id]);
      onSecond.close();
    } finally {
      await replica.api.stop();
    }
  });

  it('goes on, and resumes, when Redis forgets everything (FLUSHALL): the outbox in PostgreSQL is the source', async () => {
    const ada = await signIn('Ada Flush');
    const stream = await joined(ada);
    const draft = await post(ada);
    expect(await redis.admin(redis.ports[0] as number).flushall()).toBe('OK');
    await act(ada, `/posts/${draft.id}/approve`);
    const after = await stream.next(about(draft.id), 'the event after the flush');
    stream.close();
    await act(ada, `/posts/${draft.id}/reject`);
    const resumed = await joined(ada, { 'last-event-id': after.lastEventId });
    expect((await resumed.nth(0)).event).toBe('post.rejected');
    resumed.close();
  });

  it('ends the stream when its session ends (sign-out, here or on another device), and a reconnect is refused', async () => {
    const ada = await signIn('Ada Leaves');
    const stream = await joined(ada);
    const other = await signIn('Ada Leaves');
    const otherStream = await joined(other);
    expect((await ada.browser.call('POST', '/dashboard/api/sign-out')).status).toBe(204);
    await stream.endOfStream('the stream of the signed-out session to end');
    expect(stream.events.at(-1)?.event).toBe('session.ended');
    const refused = await EventStream.open(dashboard.origin, '/dashboard/api/events', { cookie: `__Host-lps_session=${'x'.repeat(43)}` });
    expect(refused.status).toBe(401);
    // The same member's other session keeps its stream.
    const draft = await post(other);
    await act(other, `/posts/${draft.id}/approve`);
    await otherStream.next(about(draft.id), 'the other session’s event');
    expect(otherStream.ended).toBe(false);
    otherStream.close();
  });

  it('keeps an idle stream alive with heartbeat comments', async () => {
    const ada = await signIn('Ada Idle');
    const stream = await joined(ada);
    await stream.until(() => (stream.comments.includes('heartbeat') ? true : undefined), 'a heartbeat comment');
    expect(stream.events).toEqual([]);
    stream.close();
  });

  it('refuses what a browser never sends: no session (401), a forged Last-Event-ID (422), an 11th stream of one session (429)', async () => {
    const anonymous = await EventStream.open(dashboard.origin, '/dashboard/api/events');
    expect(anonymous.status).toBe(401);
    const ada = await signIn('Ada Hostile');
    for (const forged of ['abc', '1-2-3', '-1-0', '99999999999999999999-1', '1-2\u0000', `${'9'.repeat(5000)}-1`, '<script>-1']) {
      const answer = await ada.browser.request(`/dashboard/api/events?last_event_id=${encodeURIComponent(forged)}`, { site: 'same-origin' });
      expect([forged, answer.status, answer.json?.error?.code]).toEqual([forged, 422, 'validation_error']);
    }
    const header = await open(ada, { 'last-event-id': 'not-an-id' });
    expect(header.status).toBe(422);
    const streams = await Promise.all(Array.from({ length: 10 }, () => joined(ada)));
    const eleventh = await open(ada);
    expect(eleventh.status).toBe(429);
    for (const stream of streams) stream.close();
    // Closed streams free their places: once the server has seen them go, the session may open another.
    const hub = dashboard.dashboard.events;
    await waitFor(() => (hub.stats().streams === 0 ? true : undefined), { what: 'the closed streams dropped' });
    const again = await joined(ada);
    again.close();
  });

  it('serves 200 idle streams with one outbox read per poll and at most one session check, whatever their number', async () => {
    const members = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(`Crowd ${i}`)));
    const streams = (await Promise.all(members.map((member) => Promise.all(Array.from({ length: 10 }, () => joined(member)))))).flat();
    expect(streams).toHaveLength(200);
    const hub = dashboard.dashboard.events;
    const before = hub.stats();
    // Ten rounds of the poller, watched through the heartbeats every stream gets (1 s here, 5 polls).
    const beats = (stream: EventStream) => stream.comments.length;
    const start = beats(streams[0] as EventStream);
    await (streams[0] as EventStream).until(() => (beats(streams[0] as EventStream) >= start + 2 ? true : undefined), 'two heartbeats');
    const after = hub.stats();
    const ticks = after.ticks - before.ticks;
    expect(ticks).toBeGreaterThan(0);
    // One outbox read per round and at most one session check: two statements for 200 streams, as for one.
    // (A round may be half-way when the counts are read: one more read than rounds at most.)
    expect(after.eventReads - before.eventReads).toBeLessThanOrEqual(ticks + 1);
    expect(after.eventReads - before.eventReads).toBeGreaterThanOrEqual(ticks - 1);
    expect(after.sessionChecks - before.sessionChecks).toBeLessThanOrEqual(ticks + 1);
    expect(after.catchUpReads - before.catchUpReads).toBe(0);
    expect(after.streams).toBeGreaterThanOrEqual(200);
    for (const stream of streams) stream.close();
  });

  it("reads the members' rows through the (member_id, tx_id, seq) index, whatever else the outbox holds", async () => {
    const crowd = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(`Outbox ${i}`)));
    await dashboard.runtime.sql.query(
      `INSERT INTO outbox_events (id, member_id, type, payload, relayed_at)
       SELECT gen_random_uuid(), m, 'post.published', '{}'::jsonb, now() FROM unnest($1::uuid[]) AS m, generate_series(1, 1000)`,
      [crowd.map((member) => member.memberId)],
    );
    await dashboard.runtime.sql.query('ANALYZE outbox_events');
    const { rows } = await dashboard.runtime.sql.query<{ 'QUERY PLAN': unknown }>({
      text: `EXPLAIN (FORMAT JSON) ${STREAM_EVENTS_SQL}`,
      values: [[crowd[0]?.memberId, crowd[1]?.memberId], [...STREAM_EVENT_TYPES], '1', '0', null, null, 500],
    });
    const plan = JSON.stringify(rows[0]?.['QUERY PLAN']);
    expect(plan).toContain('"Index Name":"outbox_events_member_id_tx_id_seq_idx"');
    expect(plan).not.toMatch(/"Node Type":"Seq Scan","[^}]*"Relation Name":"outbox_events"/);
  });

  it('ends every stream when the server stops, so stopping does not wait for them', async () => {
    const own = await startTestDashboard({ LPS_EVENTS_POLL_INTERVAL: '200ms', LPS_SIGN_IN_LIMIT: '1000/60' });
    const browser = new BrowserClient(own.origin);
    await browser.sandboxSignIn({ name: 'Shutdown' });
    const stream = await EventStream.open(own.origin, '/dashboard/api/events', { cookie: browser.cookieHeader() });
    await stream.until(() => stream.lastEventId || undefined, 'the starting id');
    await own.stop();
    await stream.endOfStream();
  });
});
