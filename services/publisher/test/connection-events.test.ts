import { revokeGrant } from '@lps/db';
import { enqueue } from '@lps/queue';
import { startWebhookDispatcherService } from '@lps/webhook-dispatcher';
import { verifyDelivery } from '@lps/webhooks';
import type { RunningService } from '@lps/runtime';
import { ANALYTICS_APP, createTestMember, readBody, startFakeLinkedIn, startLoopbackServer, waitFor, type FakeLinkedIn, type LoopbackServer, type TestMember } from '@lps/testing';
import { createOAuthLink } from '@lps/cli';
import { noticeDue } from '../src/domain/accounts/notify-connection-ends.js';
import { linkedInSteps } from './support/linkedin-steps.js';
import { startPublishing, type PublishingHarness } from './support/publishing-harness.js';

// Issue 29, item 2: connection.ending / connection.ended / connection.revoked, signed and
// delivered like every event (outbox → dispatcher → the member's endpoints), each once per
// grant and threshold. Time is moved by setting the grant's expires_at, never waited for;
// every delivery is checked by the receiver helper that receivers use (@lps/webhooks).

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface Received {
  type: string;
  data: any;
  deliveryId: string;
}

let fake: FakeLinkedIn;
let harness: PublishingHarness;
let dispatcher: RunningService;
let receiver: LoopbackServer;
const received: Array<Received & { endpoint: string }> = [];
const secrets = new Map<string, string>();

const { db, connect, settled, publish } = linkedInSteps(
  () => harness,
  () => fake,
);

beforeAll(async () => {
  fake = await startFakeLinkedIn();
  receiver = await startLoopbackServer(async (req, res) => {
    const endpoint = req.url ?? '/';
    const raw = await readBody(req);
    // What a receiver does: verify both signatures (and the timestamp) before reading anything.
    const verified = verifyDelivery<{ type: string; data: unknown }>(secrets.get(endpoint) as string, raw, req.headers);
    received.push({ endpoint, type: verified.payload.type, data: verified.payload.data, deliveryId: verified.deliveryId });
    res.writeHead(204).end();
  });
  harness = await startPublishing({ ...fake.env, LPS_ALLOW_PRIVATE_URLS: '1', LPS_WEBHOOK_SWEEP_INTERVAL: '500ms' });
  dispatcher = await startWebhookDispatcherService(harness.api.runtime);
  await harness.startPublisher();
});
afterAll(async () => {
  await dispatcher?.stop();
  await harness?.stop();
  await receiver?.close();
  await fake?.close();
});

/** A member connected as `sub`, with one endpoint for the connection events and one for posts only. */
async function connectedMember(sub: string): Promise<TestMember> {
  const member = await createTestMember(harness.api.runtime);
  expect((await connect(member, undefined, sub)).response.status).toBe(200);
  for (const [path, events] of [
    [`/${sub}/connection`, ['connection.ending', 'connection.ended', 'connection.revoked']],
    [`/${sub}/posts`, ['post.published']],
  ] as const) {
    const created = await harness.api.http
      .post('/webhooks')
      .set('Authorization', member.auth)
      .send({ url: `${receiver.url}${path}`, events })
      .expect(201);
    secrets.set(path, created.body.secret);
  }
  return member;
}

/** One round of the publisher's periodic job (refreshes, connection notices, warnings), waited for. */
async function publisherRound(): Promise<void> {
  const job = await enqueue(harness.api.runtime.queues, 'refresh-analytics', {});
  await waitFor(async () => ((await job.getState()) === 'completed' ? true : undefined), { timeoutMs: 20_000, what: 'the periodic round' });
}

/** Every relayed event of a type for a member is delivered: waits until the receiver has them all. */
async function deliveredFor(sub: string, type: string, count: number): Promise<Received[]> {
  return waitFor(
    async () => {
      const found = received.filter((entry) => entry.endpoint === `/${sub}/connection` && entry.type === type);
      return found.length >= count ? found : undefined;
    },
    { timeoutMs: 20_000, what: `${count} ${type} deliveries to ${sub}` },
  );
}

const eventsInOutbox = (member: TestMember, type: string) => db().outboxEvent.count({ where: { memberId: member.memberId, type } });
const endsIn = (ms: number) => new Date(Date.now() + ms);

describe('the share grant of a member without a refresh token', () => {
  it('is announced at day −7, at day −1 and at its end, once each, signed, and only to the endpoint that asked', async () => {
    const member = await connectedMember('ends-in-60-days');
    const reconnect = { method: 'POST', path: '/api/v1/me/connection/links' };

    // Day −7 (an hour past the threshold: the round is hourly).
    const sevenDays = endsIn(7 * DAY - HOUR);
    await db().networkConnection.update({ where: { memberId: member.memberId }, data: { expiresAt: sevenDays } });
    await publisherRound();
    await publisherRound();
    const [seven] = await deliveredFor('ends-in-60-days', 'connection.ending', 1);
    expect(seven!.data).toEqual({ member_id: member.memberId, grant: 'share', ends_at: sevenDays.toISOString(), days: 7, reconnect });

    // Day −1: the same grant, later in its life.
    const oneDay = endsIn(DAY - HOUR);
    await db().networkConnection.update({ where: { memberId: member.memberId }, data: { expiresAt: oneDay } });
    await publisherRound();
    const ending = await deliveredFor('ends-in-60-days', 'connection.ending', 2);
    expect(ending[1]!.data).toMatchObject({ grant: 'share', ends_at: oneDay.toISOString(), days: 1 });

    // The end.
    const ended = endsIn(-60_000);
    await db().networkConnection.update({ where: { memberId: member.memberId }, data: { expiresAt: ended } });
    await publisherRound();
    await publisherRound();
    const [end] = await deliveredFor('ends-in-60-days', 'connection.ended', 1);
    expect(end!.data).toEqual({ member_id: member.memberId, grant: 'share', ends_at: ended.toISOString(), reconnect });

    // Each once, however many rounds ran; nothing to the endpoint subscribed to posts only.
    expect([await eventsInOutbox(member, 'connection.ending'), await eventsInOutbox(member, 'connection.ended')]).toEqual([2, 1]);
    expect(received.filter((entry) => entry.endpoint === '/ends-in-60-days/connection')).toHaveLength(3);
    expect(received.filter((entry) => entry.endpoint === '/ends-in-60-days/posts')).toHaveLength(0);
    const list = await harness.api.http.get('/me/connection').set('Authorization', member.auth).expect(200);
    expect(list.body.connection.share).toMatchObject({ connected: false, expires_at: ended.toISOString() });
  });

  it('signing in again is a new grant: its warnings start over', async () => {
    const member = await connectedMember('renews');
    await db().networkConnection.update({ where: { memberId: member.memberId }, data: { expiresAt: endsIn(2 * DAY) } });
    await publisherRound();
    await deliveredFor('renews', 'connection.ending', 1);
    expect((await connect(member, undefined, 'renews')).response.status).toBe(200);
    await db().networkConnection.update({ where: { memberId: member.memberId }, data: { expiresAt: endsIn(2 * DAY) } });
    await publisherRound();
    const both = await deliveredFor('renews', 'connection.ending', 2);
    expect(both.map((entry) => entry.data.days)).toEqual([7, 7]);
  });
});

describe('the analytics grant', () => {
  it('has its own connection.ending, naming grant: analytics', async () => {
    const member = await connectedMember('two-grants');
    const { personUrn } = await db().networkConnection.findUniqueOrThrow({ where: { memberId: member.memberId } });
    const state = await createOAuthLink(db(), harness.api.runtime.keyring, { memberId: member.memberId, analytics: true });
    const code = fake.state.issueCode({ sub: (personUrn as string).replace('urn:li:person:', ''), clientId: ANALYTICS_APP.clientId });
    const origin = harness.api.baseUrl.replace(/\/api\/v1$/, '');
    expect((await fetch(`${origin}/oauth/linkedin/callback?${new URLSearchParams({ code, state })}`)).status).toBe(200);
    const end = endsIn(DAY / 2);
    await db().analyticsConnection.update({ where: { memberId: member.memberId }, data: { expiresAt: end } });
    await publisherRound();
    const [analytics] = await deliveredFor('two-grants', 'connection.ending', 1);
    // Half a day left and nothing sent yet: only the nearest threshold, never a stale "7 days" beside it.
    expect(analytics!.data).toMatchObject({ grant: 'analytics', ends_at: end.toISOString(), days: 1 });
    expect(await eventsInOutbox(member, 'connection.ending')).toBe(1);
  });
});

describe('publisher replicas and restarts', () => {
  it('two publishers starting at the same moment (each runs the round at start) and a round on top send the warning once', async () => {
    const member = await connectedMember('raced');
    await db().networkConnection.update({ where: { memberId: member.memberId }, data: { expiresAt: endsIn(5 * DAY) } });
    await Promise.all([harness.startPublisher(), harness.startPublisher(), publisherRound()]);
    await deliveredFor('raced', 'connection.ending', 1);
    await publisherRound();
    expect(await eventsInOutbox(member, 'connection.ending')).toBe(1);
    expect(await db().connectionNotice.count({ where: { memberId: member.memberId } })).toBe(1);
  });
});

describe('a token LinkedIn refuses', () => {
  it('sends connection.revoked with the moment of the refusal, and GET /me says not connected', async () => {
    const member = await connectedMember('revoked-here');
    const stored = await db().networkConnection.findUniqueOrThrow({ where: { memberId: member.memberId } });
    fake.state.accounts.get(harness.api.runtime.keyring.decrypt(stored.accessTokenEnc as string))!.invalid = 65601;
    const before = Date.now();
    await settled((await publish(member, 'refused')).id);
    const [revoked] = await deliveredFor('revoked-here', 'connection.revoked', 1);
    expect(revoked!.data).toMatchObject({ member_id: member.memberId, grant: 'share', reconnect: { method: 'POST' } });
    expect(Date.parse(revoked!.data.ends_at)).toBeGreaterThanOrEqual(before - 1_000);
    await publisherRound();
    expect(await eventsInOutbox(member, 'connection.revoked')).toBe(1);
    expect((await harness.api.http.get('/me').set('Authorization', member.auth).expect(200)).body.member.network_connected).toBe(false);
  });

  it('a refusal seen by several jobs at the same moment is announced once: only the one that disconnected the grant writes the event', async () => {
    const member = await connectedMember('refused-by-many');
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => revokeGrant(db(), 'share', member.memberId, 'LinkedIn answered 401')));
    expect(outcomes.filter((id) => id !== null)).toHaveLength(1);
    expect(await eventsInOutbox(member, 'connection.revoked')).toBe(1);
  });
});

describe('which notice is due', () => {
  const grant = (endsInMs: number) => ({ memberId: 'm', grant: 'share' as const, connectedAt: new Date(0), endsAt: new Date(Date.UTC(2026, 0, 10) + endsInMs) });
  const now = new Date(Date.UTC(2026, 0, 10));
  it.each([
    [8 * DAY, undefined],
    [7 * DAY, { kind: 'ending', days: 7 }],
    [3 * DAY, { kind: 'ending', days: 7 }],
    [DAY, { kind: 'ending', days: 1 }],
    [60_000, { kind: 'ending', days: 1 }],
    [0, { kind: 'ended', days: 0 }],
    [-29 * DAY, { kind: 'ended', days: 0 }],
    [-31 * DAY, undefined],
  ])('a grant ending in %i ms: %j', (endsInMs, expected) => {
    const due = noticeDue(grant(endsInMs), [7, 1], now);
    expect(due ? { kind: due.kind, days: due.days } : undefined).toEqual(expected);
  });
});
