import { createHmac } from 'node:crypto';
import { verifyDelivery, WebhookVerificationError } from '@lps/webhooks';
import { waitFor, type TestMember } from '@lps/testing';
import { createEndpoint, createTestMember, deliveriesOf, emitEvent, startReceiver, startWebhookTest, type Receiver, type WebhookTest } from './support/webhook-harness.js';

let test: WebhookTest;
let receiver: Receiver;
let ada: TestMember;
beforeAll(async () => {
  test = await startWebhookTest();
  receiver = await startReceiver();
  ada = await createTestMember(test.runtime);
});
afterAll(async () => {
  await test.stop();
  await receiver.close();
});

describe('a delivery as the receiver sees it', () => {
  it('carries the docs/webhooks.md body and both signatures, which the receiver recomputes from the secret returned at creation', async () => {
    const endpoint = await createEndpoint(test.api, ada, `${receiver.url}/hooks`, ['post.published']);
    const data = { post: { id: '5b7c2a4e-0a43-4d1f-9a55-4c2b1f0d9e11', status: 'published', body: 'Café ☕ — ünïcödé survives signing' } };
    const eventId = await emitEvent(test.runtime, ada.memberId, 'post.published', data);
    const [delivery] = await waitFor(() => receiver.received.length === 1 && receiver.received, { what: 'the delivery' });
    const { headers, rawBody } = delivery!;

    expect(headers['content-type']).toBe('application/json');
    expect(headers['x-lps-event']).toBe('post.published');
    const outbox = await test.runtime.db.outboxEvent.findUniqueOrThrow({ where: { id: eventId } });
    expect(JSON.parse(rawBody.toString('utf8'))).toEqual({ id: eventId, type: 'post.published', created_at: outbox.createdAt.toISOString(), data });

    // X-LPS-Delivery-Id and webhook-id are the delivery record's id.
    const record = await test.runtime.db.webhookDelivery.findFirstOrThrow({ where: { eventId, endpointId: endpoint.id } });
    expect(headers['x-lps-delivery-id']).toBe(record.id);
    expect(headers['webhook-id']).toBe(record.id);

    // Recomputed here with node:crypto alone, over the raw bytes received.
    const lps = createHmac('sha256', Buffer.from(endpoint.secret, 'utf8')).update(rawBody).digest('hex');
    expect(headers['x-lps-signature']).toBe(`sha256=${lps}`);
    const key = Buffer.from(endpoint.secret.slice('whsec_'.length), 'base64');
    const standard = createHmac('sha256', key).update(`${record.id}.${headers['webhook-timestamp']}.`).update(rawBody).digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${standard}`);
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(300);

    // The published helper accepts it…
    expect(verifyDelivery(endpoint.secret, rawBody, headers)).toMatchObject({ deliveryId: record.id, event: 'post.published' });
    // …and refuses a tampered body or the wrong secret.
    const tampered = Buffer.from(rawBody.toString('utf8').replace('published', 'publishex'));
    expect(() => verifyDelivery(endpoint.secret, tampered, headers)).toThrow(WebhookVerificationError);
    expect(() => verifyDelivery(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, rawBody, headers)).toThrow(WebhookVerificationError);

    const listed = await waitFor(async () => {
      const response = await deliveriesOf(test.api, ada, endpoint.id);
      return response.body.data[0]?.status === 'success' && response;
    });
    expect(listed.body.data).toEqual([
      { id: record.id, event: 'post.published', status: 'success', attempts: 1, response_code: 200, last_error: null, created_at: expect.any(String) },
    ]);
  });

  it('never writes the secret to the database in clear or into the delivery record', async () => {
    const endpoint = await createEndpoint(test.api, ada, `${receiver.url}/second`, ['idea.created']);
    await emitEvent(test.runtime, ada.memberId, 'idea.created', { ideas: [] });
    await waitFor(() => receiver.received.some((delivery) => delivery.path === '/second'));
    const rows = await test.runtime.db.$queryRawUnsafe<{ dump: string }[]>(
      `SELECT (SELECT json_agg(e)::text FROM webhook_endpoints e) || (SELECT json_agg(d)::text FROM webhook_deliveries d) AS dump`,
    );
    expect(rows[0]!.dump).not.toContain(endpoint.secret);
  });
});
