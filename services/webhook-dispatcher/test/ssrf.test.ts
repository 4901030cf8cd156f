import { insertEndpoint } from '@lps/db';
import { startServiceProcess, waitFor, type TestMember } from '@lps/testing';
import { createTestMember, emitEvent, startReceiver, startWebhookTest, type Receiver, type WebhookTest } from './support/webhook-harness.js';

// Private targets are refused here: LPS_ALLOW_PRIVATE_URLS is off, as in production.
let test: WebhookTest;
let receiver: Receiver;
let ada: TestMember;
beforeAll(async () => {
  test = await startWebhookTest({ LPS_ALLOW_PRIVATE_URLS: '0' });
  receiver = await startReceiver();
  ada = await createTestMember(test.runtime);
});
afterAll(async () => {
  await test.stop();
  await receiver.close();
});

const targets = () => [
  `http://127.0.0.1:${receiver.port}/hook`,
  `http://localhost:${receiver.port}/hook`,
  `http://[::1]:${receiver.port}/hook`,
  `http://[::ffff:127.0.0.1]:${receiver.port}/hook`,
  'http://10.0.0.1/hook',
  'http://169.254.169.254/latest/meta-data/',
];

describe('SSRF', () => {
  it('creating an endpoint for a private target answers 422 unprocessable', async () => {
    for (const url of targets()) {
      const response = await test.api.http
        .post('/webhooks')
        .set('Authorization', ada.auth)
        .send({ url, events: ['post.published'] });
      expect({ url, status: response.status, code: response.body.error?.code }).toEqual({ url, status: 422, code: 'unprocessable' });
    }
  });

  it('a delivery to a private target (an endpoint that got past creation, e.g. DNS changed since) is refused at connect time', async () => {
    // Written straight to the table: the state a DNS rebinding after creation would leave behind.
    const endpoints = await Promise.all(
      targets().map((url) => insertEndpoint(test.runtime.db, { memberId: ada.memberId, url, events: ['post.published'], secretEnc: test.runtime.keyring.encrypt('whsec_AAAA') })),
    );
    const eventId = await emitEvent(test.runtime, ada.memberId, 'post.published', { post: { id: 'ssrf' } });
    const records = await waitFor(
      async () => {
        const rows = await test.runtime.db.webhookDelivery.findMany({ where: { eventId } });
        return rows.length === endpoints.length && rows.every((row) => row.status === 'failed') && rows;
      },
      { what: 'every delivery to fail', timeoutMs: 30_000 },
    );
    for (const record of records) {
      expect(record).toMatchObject({ attempts: 3, responseCode: null });
      expect(record.lastError).toContain('private address');
      // The way out, named where the operator reads it (GET /webhooks/{id}/deliveries).
      expect(record.lastError).toContain('LPS_ALLOW_PRIVATE_URLS=1 allows it');
    }
    expect(receiver.received).toHaveLength(0);
  });

  it('a dispatcher (re)started without LPS_ALLOW_PRIVATE_URLS warns once about such endpoints: their count and ids, the setting, never their URLs', async () => {
    const token = 'tok-7f3a9c';
    const hidden = await insertEndpoint(test.runtime.db, {
      memberId: ada.memberId,
      url: `http://127.0.0.1:${receiver.port}/hooks/${token}`,
      events: ['idea.created'],
      secretEnc: test.runtime.keyring.encrypt('whsec_BBBB'),
    });
    const active = await test.runtime.db.webhookEndpoint.findMany({ where: { isActive: true }, select: { id: true } });
    const dispatcher = startServiceProcess('services/webhook-dispatcher/dist/main.js', {
      DATABASE_URL: test.runtime.config.database.url,
      LPS_REDIS_PREFIX: `ssrfstart${process.pid}`,
      LPS_ALLOW_PRIVATE_URLS: '0',
    });
    try {
      const line = await dispatcher.waitForLine(/LPS_ALLOW_PRIVATE_URLS/);
      expect(line.level).toBe('warn');
      // Every active endpoint of this file's member leads to a private address (10.0.0.1 and 169.254.169.254 included).
      expect(line).toMatchObject({ endpoints: active.length });
      expect(String(line.message)).toMatch(new RegExp(`^${active.length} active webhook endpoints \\(`));
      expect(String(line.message)).toContain('stay pending while LPS_ALLOW_PRIVATE_URLS is not 1');
      expect(dispatcher.output()).toContain(active[0]?.id);
      expect(dispatcher.output()).not.toContain(token);
      expect(dispatcher.output()).not.toContain(hidden.url);
    } finally {
      await dispatcher.stop();
    }
  });
});
