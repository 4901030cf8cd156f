import { verifyDelivery } from '@lps/webhooks';
import { createTestMember, readBody, startLoopbackServer, waitFor, type LoopbackServer, type TestMember } from '@lps/testing';
import { createEndpoint, startWebhookTest, type WebhookTest } from './support/webhook-harness.js';

interface Received {
  deliveryId: string;
  event: string | undefined;
  payload: { id: string; type: string; data: { webhook: { id: string; url: string }; message: string } };
  rawBody: string;
}

let test: WebhookTest;
let member: TestMember;
let receiver: LoopbackServer;
const received: Received[] = [];
/** The status the receiver answers next (a failing receiver first, then a healthy one). */
let answer = 200;

beforeAll(async () => {
  test = await startWebhookTest({ LPS_WEBHOOK_RETRY_SCHEDULE: '100ms' });
  member = await createTestMember(test.runtime);
  receiver = await startLoopbackServer(async (req, res) => {
    const body = await readBody(req);
    res.writeHead(answer).end();
    if (answer !== 200) return;
    // The receiver's side: X-LPS-Signature and the Standard Webhooks headers, with the endpoint's secret.
    const verified = verifyDelivery<Received['payload']>(secrets.get(req.url ?? '') as string, body, req.headers);
    received.push({ deliveryId: verified.deliveryId, event: verified.event, payload: verified.payload, rawBody: body.toString('utf8') });
  });
});
afterAll(async () => {
  await test.stop();
  await receiver.close();
});

const secrets = new Map<string, string>();
async function endpoint(path: string) {
  const created = await createEndpoint(test.api, member, `${receiver.url}${path}`, ['post.published']);
  secrets.set(path, created.secret);
  return created;
}

describe('POST /webhooks/{id}/test and …/redeliver (from the receiver’s side)', () => {
  it('sends a signed webhook.test event to that endpoint alone, whatever it subscribed to, and records it like any delivery', async () => {
    const target = await endpoint('/one');
    const other = await endpoint('/other');
    const answered = await test.api.http.post(`/webhooks/${target.id}/test`).set('Authorization', member.auth);
    expect(answered.status).toBe(202);
    expect(answered.body).toEqual({
      delivery: { id: expect.any(String), event: 'webhook.test', status: 'pending', attempts: 0, response_code: null, last_error: null, created_at: expect.any(String) },
    });
    const delivery = await waitFor(() => received.find((entry) => entry.deliveryId === answered.body.delivery.id));
    expect(delivery.event).toBe('webhook.test');
    expect(delivery.payload).toMatchObject({ type: 'webhook.test', data: { webhook: { id: target.id, url: `${receiver.url}/one` } } });
    expect(received.filter((entry) => entry.payload.data.webhook.id === other.id)).toEqual([]);
    const log = await waitFor(async () => {
      const page = await test.api.http.get(`/webhooks/${target.id}/deliveries`).set('Authorization', member.auth);
      return page.body.data[0]?.status === 'success' ? page.body : undefined;
    });
    expect(log.data[0]).toMatchObject({ id: answered.body.delivery.id, event: 'webhook.test', status: 'success', attempts: 1, response_code: 200 });
    expect(log.page).toEqual({ next_cursor: null, has_more: false });
    const health = await test.api.http.get(`/webhooks/${target.id}`).set('Authorization', member.auth);
    expect(health.body.last_delivery).toEqual({ status: 'success', response_code: 200, at: expect.any(String) });
    const list = await test.api.http.get('/webhooks').set('Authorization', member.auth);
    expect(list.body.data.find((entry: { id: string }) => entry.id === other.id).last_delivery).toBeNull();
  });

  it('redelivers a failed delivery with the same body and delivery id as a new attempt; 409 while it is pending', async () => {
    const target = await endpoint('/flaky');
    answer = 500;
    const first = await test.api.http.post(`/webhooks/${target.id}/test`).set('Authorization', member.auth);
    const failed = await waitFor(async () => {
      const page = await test.api.http.get(`/webhooks/${target.id}/deliveries`).set('Authorization', member.auth);
      return page.body.data[0]?.status === 'failed' ? page.body.data[0] : undefined;
    });
    expect(failed).toMatchObject({ id: first.body.delivery.id, attempts: 2, response_code: 500 });
    answer = 200;
    const again = await test.api.http.post(`/webhooks/${target.id}/deliveries/${failed.id}/redeliver`).set('Authorization', member.auth);
    expect(again.status).toBe(202);
    expect(again.body.delivery).toMatchObject({ id: failed.id, status: 'pending' });
    const delivered = await waitFor(() => received.find((entry) => entry.deliveryId === failed.id));
    const record = await waitFor(async () => {
      const page = await test.api.http.get(`/webhooks/${target.id}/deliveries`).set('Authorization', member.auth);
      const found = page.body.data.find((entry: { id: string; status: string }) => entry.id === failed.id && entry.status === 'success');
      return found;
    });
    expect(record.attempts).toBeGreaterThanOrEqual(3);
    expect(JSON.parse(delivered.rawBody).id).toBe(delivered.payload.id);
    expect(delivered.payload.id).toBe((await test.runtime.db.webhookDelivery.findUniqueOrThrow({ where: { id: failed.id } })).eventId);
  });

  it('answers 409 conflict to a redelivery of a delivery still pending (on its way)', async () => {
    const target = await endpoint('/pending');
    const sent = await test.api.http.post(`/webhooks/${target.id}/test`).set('Authorization', member.auth);
    await waitFor(() => received.find((entry) => entry.deliveryId === sent.body.delivery.id));
    // The attempt is recorded after the receiver answered: waited for, or it could land after the update below.
    await waitFor(async () => (await test.runtime.db.webhookDelivery.findUniqueOrThrow({ where: { id: sent.body.delivery.id } })).status === 'success');
    // As if its next attempt were scheduled later (a retry waiting): pending, not finished.
    await test.runtime.db.webhookDelivery.update({ where: { id: sent.body.delivery.id }, data: { status: 'pending', nextAttemptAt: new Date(Date.now() + 3_600_000) } });
    const answer = await test.api.http.post(`/webhooks/${target.id}/deliveries/${sent.body.delivery.id}/redeliver`).set('Authorization', member.auth);
    expect([answer.status, answer.body.error.code]).toEqual([409, 'conflict']);
  });

  it('pages the deliveries newest first through the cursor, and answers 404/422 like the API does', async () => {
    const target = await endpoint('/paged');
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await test.api.http.post(`/webhooks/${target.id}/test`).set('Authorization', member.auth)).body.delivery.id);
    const first = await test.api.http.get(`/webhooks/${target.id}/deliveries?limit=2`).set('Authorization', member.auth);
    expect(first.body.data.map((entry: { id: string }) => entry.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.page.has_more).toBe(true);
    const second = await test.api.http.get(`/webhooks/${target.id}/deliveries?limit=2&cursor=${encodeURIComponent(first.body.page.next_cursor)}`).set('Authorization', member.auth);
    expect(second.body).toMatchObject({ data: [{ id: ids[0] }], page: { next_cursor: null, has_more: false } });
    expect((await test.api.http.get(`/webhooks/${target.id}/deliveries?cursor=forged`).set('Authorization', member.auth)).status).toBe(422);
    const stranger = await createTestMember(test.runtime);
    expect((await test.api.http.post(`/webhooks/${target.id}/test`).set('Authorization', stranger.auth)).status).toBe(404);
    expect((await test.api.http.post(`/webhooks/${target.id}/deliveries/${ids[0]}/redeliver`).set('Authorization', stranger.auth)).status).toBe(404);
    expect((await test.api.http.post(`/webhooks/${target.id}/deliveries/00000000-0000-4000-8000-000000000000/redeliver`).set('Authorization', member.auth)).status).toBe(404);
  });
});
