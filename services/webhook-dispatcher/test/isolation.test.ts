import type { ServerResponse } from 'node:http';
import { readBody, startLoopbackServer, waitFor, type LoopbackServer, type TestMember } from '@lps/testing';
import { createEndpoint, createTestMember, emitEvent, startReceiver, startWebhookTest, type Receiver, type WebhookTest } from './support/webhook-harness.js';

let test: WebhookTest;
let ada: TestMember;
let bob: TestMember;
const servers: (Receiver | LoopbackServer)[] = [];
beforeAll(async () => {
  // Two slots per endpoint, so the slow receiver below fills its share quickly.
  test = await startWebhookTest({ LPS_WEBHOOK_ENDPOINT_CONCURRENCY: '2', LPS_WEBHOOK_CONCURRENCY: '8' });
  ada = await createTestMember(test.runtime);
  bob = await createTestMember(test.runtime);
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await test.stop();
});

const receiver = async () => {
  const started = await startReceiver();
  servers.push(started);
  return started;
};
const relayed = (eventId: string) => waitFor(async () => (await test.runtime.db.outboxEvent.findUniqueOrThrow({ where: { id: eventId } })).relayedAt, { what: 'the relay' });
const eventIds = (server: Receiver) => server.received.map((delivery) => JSON.parse(delivery.rawBody.toString()).id as string);

describe('who receives what', () => {
  it("member B's endpoints never see member A's events", async () => {
    const adaHook = await receiver();
    const bobHook = await receiver();
    await createEndpoint(test.api, ada, adaHook.url, ['post.published', 'idea.created']);
    await createEndpoint(test.api, bob, bobHook.url, ['post.published', 'idea.created']);
    const adaEvent = await emitEvent(test.runtime, ada.memberId, 'post.published', { post: { id: 'ada-post' } });
    const bobEvent = await emitEvent(test.runtime, bob.memberId, 'idea.created', { ideas: [] });
    await waitFor(() => adaHook.received.length === 1 && bobHook.received.length === 1);
    await Promise.all([relayed(adaEvent), relayed(bobEvent)]);
    expect(eventIds(adaHook)).toEqual([adaEvent]);
    expect(eventIds(bobHook)).toEqual([bobEvent]);
  });

  it('an endpoint receives only the events it subscribed to', async () => {
    const ideasOnly = await receiver();
    const everything = await receiver();
    await createEndpoint(test.api, ada, ideasOnly.url, ['idea.created']);
    await createEndpoint(test.api, ada, everything.url, ['post.published', 'post.publish_failed', 'post.images_ready', 'idea.created']);
    const published = await emitEvent(test.runtime, ada.memberId, 'post.published', { post: { id: 'x' } });
    const ideas = await emitEvent(test.runtime, ada.memberId, 'idea.created', { ideas: [] });
    await waitFor(() => everything.received.length === 2 && ideasOnly.received.length === 1);
    await Promise.all([relayed(published), relayed(ideas)]);
    expect(eventIds(ideasOnly)).toEqual([ideas]);
    expect(new Set(eventIds(everything))).toEqual(new Set([published, ideas]));
    expect(ideasOnly.received[0]!.headers['x-lps-event']).toBe('idea.created');
  });

  it('a deleted endpoint receives nothing, and a delivery already queued for it ends without sending', async () => {
    const hook = await receiver();
    const endpoint = await createEndpoint(test.api, ada, hook.url, ['post.images_ready']);
    await test.dispatcher.stop(); // hold deliveries while the endpoint goes away
    const queued = await emitEvent(test.runtime, ada.memberId, 'post.images_ready', { post: { id: 'y' } });
    const deleted = await test.api.http.delete(`/webhooks/${endpoint.id}`).set('Authorization', ada.auth);
    expect(deleted.status).toBe(204);
    const { startWebhookDispatcherService } = await import('@lps/webhook-dispatcher');
    test.dispatcher = await startWebhookDispatcherService(test.runtime);
    await relayed(queued);
    const after = await emitEvent(test.runtime, ada.memberId, 'post.images_ready', { post: { id: 'z' } });
    await relayed(after);
    await waitFor(async () => (await test.runtime.queues.webhooks.getJobCounts('waiting', 'active', 'delayed')).active === 0);
    expect(hook.received).toHaveLength(0);
  });

  it('a deactivated endpoint is skipped: its pending delivery ends failed without a request', async () => {
    const hook = await receiver();
    const endpoint = await createEndpoint(test.api, ada, hook.url, ['post.publish_failed']);
    await test.dispatcher.stop();
    const eventId = await emitEvent(test.runtime, ada.memberId, 'post.publish_failed', { post: { id: 'w' } });
    // Relayed by a dispatcher that died before enqueueing (the sweeper finds it, long past due), then deactivated.
    await test.runtime.db.webhookDelivery.create({ data: { endpointId: endpoint.id, eventId, event: 'post.publish_failed', nextAttemptAt: new Date(Date.now() - 60_000) } });
    await test.runtime.db.outboxEvent.update({ where: { id: eventId }, data: { relayedAt: new Date() } });
    await test.runtime.db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { isActive: false, disabledReason: 'turned off for the test' } });
    const { startWebhookDispatcherService } = await import('@lps/webhook-dispatcher');
    test.dispatcher = await startWebhookDispatcherService(test.runtime);
    const record = await waitFor(async () => {
      const row = await test.runtime.db.webhookDelivery.findFirstOrThrow({ where: { eventId } });
      return row.status !== 'pending' && row;
    });
    expect(record).toMatchObject({ status: 'failed', attempts: 0 });
    expect(record.lastError).toContain('inactive');
    expect(hook.received).toHaveLength(0);
  });

  it('a receiver that hangs does not delay deliveries to another endpoint', async () => {
    const held: ServerResponse[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const slow = await startLoopbackServer(async (req, res) => {
      await readBody(req);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      held.push(res);
      res.on('close', () => (inFlight -= 1));
    });
    servers.push(slow);
    const fast = await receiver();
    await createEndpoint(test.api, bob, slow.url, ['post.images_ready']);
    await createEndpoint(test.api, bob, fast.url, ['post.images_ready']);
    for (let i = 0; i < 20; i += 1) await emitEvent(test.runtime, bob.memberId, 'post.images_ready', { post: { id: `slow-${i}` } });
    // Every fast delivery arrives while the slow receiver still holds its requests unanswered.
    await waitFor(() => fast.received.length === 20, { what: 'all deliveries to the healthy endpoint' });
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((res) => !res.writableEnded)).toBe(true);
    expect(maxInFlight).toBeLessThanOrEqual(2);
    for (const res of held) res.end();
  });
});
