import { waitFor, type TestMember } from '@lps/testing';
import { LAST_ERROR_MAX } from '../src/domain/delivery/delivery-records.js';
import { createEndpoint, createTestMember, deliveriesOf, emitEvent, startReceiver, startWebhookTest, type Receiver, type WebhookTest } from './support/webhook-harness.js';

// Schedule "200ms,200ms": three attempts in all.
let test: WebhookTest;
let ada: TestMember;
const receivers: Receiver[] = [];
beforeAll(async () => {
  test = await startWebhookTest();
  ada = await createTestMember(test.runtime);
});
afterAll(async () => {
  await test.stop();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function receiverFor(answer: Parameters<typeof startReceiver>[0]) {
  const receiver = await startReceiver(answer);
  receivers.push(receiver);
  const endpoint = await createEndpoint(test.api, ada, receiver.url, ['post.published']);
  return { receiver, endpoint };
}

const finalRecord = (endpointId: string) =>
  waitFor(
    async () => {
      const response = await deliveriesOf(test.api, ada, endpointId);
      const [record] = response.body.data;
      return record && record.status !== 'pending' && record;
    },
    { what: 'a final delivery status' },
  );

describe('retries', () => {
  it('when the receiver answers 500 twice then 200, the delivery ends success with 3 attempts and response_code 200', async () => {
    const { receiver, endpoint } = await receiverFor((index) => (index < 2 ? 500 : 200));
    await emitEvent(test.runtime, ada.memberId, 'post.published', { post: { id: 'p1' } });
    const record = await finalRecord(endpoint.id);
    expect(record).toMatchObject({ status: 'success', attempts: 3, response_code: 200, last_error: null });
    expect(receiver.received).toHaveLength(3);
    // One delivery id across every retry; each retry is signed afresh.
    expect(new Set(receiver.received.map((delivery) => delivery.headers['x-lps-delivery-id']))).toEqual(new Set([record.id]));
    expect(new Set(receiver.received.map((delivery) => delivery.rawBody.toString()))).toHaveProperty('size', 1);
    // Attempt outcomes are counted for operators.
    const metrics = await test.runtime.metrics.registry.metrics();
    expect(metrics).toMatch(/lps_webhook_delivery_attempts_total\{[^}]*outcome="retry"[^}]*\} [2-9]/);
    expect(metrics).toMatch(/lps_webhook_delivery_attempts_total\{[^}]*outcome="success"[^}]*\} [1-9]/);
  });

  it('when every attempt fails, the delivery ends failed after the schedule with last_error set and cut to a sane length', async () => {
    const { receiver, endpoint } = await receiverFor(() => 500);
    await emitEvent(test.runtime, ada.memberId, 'post.published', { post: { id: 'p2' } });
    const record = await finalRecord(endpoint.id);
    expect(record).toMatchObject({ status: 'failed', attempts: 3, response_code: 500 });
    expect(record.last_error).toContain('HTTP 500');
    expect(record.last_error.length).toBeLessThanOrEqual(LAST_ERROR_MAX);
    expect(receiver.received).toHaveLength(3);
  });

  it('a redirect is a failed attempt and is not followed', async () => {
    const target = await startReceiver();
    receivers.push(target);
    const { receiver, endpoint } = await receiverFor(() => ({ status: 302, headers: { location: `${target.url}/elsewhere` } }));
    await emitEvent(test.runtime, ada.memberId, 'post.published', { post: { id: 'p3' } });
    const record = await finalRecord(endpoint.id);
    expect(record).toMatchObject({ status: 'failed', attempts: 3, response_code: 302 });
    expect(record.last_error).toContain('not followed');
    expect(receiver.received).toHaveLength(3);
    expect(target.received).toHaveLength(0);
  });

  it('Retry-After on a 429 is honoured before the next attempt', async () => {
    const { receiver, endpoint } = await receiverFor((index) => (index === 0 ? { status: 429, headers: { 'retry-after': '1' } } : 200));
    await emitEvent(test.runtime, ada.memberId, 'post.published', { post: { id: 'p4' } });
    const record = await finalRecord(endpoint.id);
    expect(record).toMatchObject({ status: 'success', attempts: 2 });
    // The schedule alone would retry after ~200 ms; the receiver asked for 1 s.
    expect(receiver.received[1]!.at - receiver.received[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('410 Gone deactivates the endpoint, which then receives nothing', async () => {
    const { receiver, endpoint } = await receiverFor(() => 410);
    await emitEvent(test.runtime, ada.memberId, 'post.published', { post: { id: 'p5' } });
    const record = await finalRecord(endpoint.id);
    expect(record).toMatchObject({ status: 'failed', attempts: 1, response_code: 410 });
    const fetched = await test.api.http.get(`/webhooks/${endpoint.id}`).set('Authorization', ada.auth);
    expect(fetched.body.is_active).toBe(false);
    const row = await test.runtime.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row.disabledReason).toContain('410');

    const later = await emitEvent(test.runtime, ada.memberId, 'post.published', { post: { id: 'p6' } });
    await waitFor(async () => (await test.runtime.db.outboxEvent.findUniqueOrThrow({ where: { id: later } })).relayedAt);
    expect(await test.runtime.db.webhookDelivery.count({ where: { eventId: later, endpointId: endpoint.id } })).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it('a receiver that cannot be reached fails with the network error as last_error', async () => {
    const { receiver, endpoint } = await receiverFor(() => 200);
    await receiver.close();
    await emitEvent(test.runtime, ada.memberId, 'post.published', { post: { id: 'p7' } });
    const record = await finalRecord(endpoint.id);
    expect(record).toMatchObject({ status: 'failed', attempts: 3, response_code: null });
    expect(record.last_error).toContain('ECONNREFUSED');
  });
});
