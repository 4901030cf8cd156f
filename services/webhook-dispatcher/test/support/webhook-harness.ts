import type { IncomingHttpHeaders } from 'node:http';
import { appendOutboxEvent, inTransaction, type WebhookEventType } from '@lps/db';
import { type Runtime, type RunningService } from '@lps/runtime';
import { createTestMember, readBody, startLoopbackServer, type LoopbackServer, type TestMember } from '@lps/testing';
import { startWebhookDispatcherService } from '@lps/webhook-dispatcher';
import { startTestApi, type TestApi } from '../../../api/test/support/api-harness.js';

/** Short schedule so retries and final failures happen within a test. */
export const TEST_ENV = { LPS_ALLOW_PRIVATE_URLS: '1', LPS_WEBHOOK_RETRY_SCHEDULE: '200ms,200ms', LPS_WEBHOOK_SWEEP_INTERVAL: '500ms' };

export interface WebhookTest {
  api: TestApi;
  runtime: Runtime;
  dispatcher: RunningService;
  stop(): Promise<void>;
}

/** The real API (to create endpoints as a user would) and a dispatcher on the same database and Redis prefix. */
export async function startWebhookTest(env: Record<string, string> = {}): Promise<WebhookTest> {
  const api = await startTestApi({ ...TEST_ENV, ...env });
  const harness: WebhookTest = {
    api,
    runtime: api.runtime,
    dispatcher: await startWebhookDispatcherService(api.runtime),
    // Whatever dispatcher runs now: a test may have replaced the first one.
    async stop() {
      await harness.dispatcher.stop();
      await api.stop();
    },
  };
  return harness;
}

export async function createEndpoint(api: TestApi, member: TestMember, url: string, events: WebhookEventType[]): Promise<{ id: string; secret: string }> {
  const response = await api.http.post('/webhooks').set('Authorization', member.auth).send({ url, events });
  if (response.status !== 201) throw new Error(`endpoint creation answered ${response.status}: ${JSON.stringify(response.body)}`);
  return { id: response.body.endpoint.id, secret: response.body.secret };
}

/** What producers do: the outbox row in a transaction, then the announcement after commit. */
export async function emitEvent(runtime: Runtime, memberId: string, type: WebhookEventType, data: Record<string, unknown>): Promise<string> {
  const { id } = await inTransaction(runtime.db, (tx) => appendOutboxEvent(tx, { memberId, type, data: data as never }));
  await runtime.announceEvents([id]);
  return id;
}

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  path: string;
  at: number;
}

export interface Receiver extends LoopbackServer {
  received: ReceivedDelivery[];
}

/** A receiver on loopback recording every request; `answer` picks the status for the n-th request (0-based). */
export async function startReceiver(
  answer: (index: number, req: ReceivedDelivery) => number | { status: number; headers?: Record<string, string> } = () => 200,
): Promise<Receiver> {
  const received: ReceivedDelivery[] = [];
  const server = await startLoopbackServer(async (req, res) => {
    const delivery = { headers: req.headers, rawBody: await readBody(req), path: req.url ?? '/', at: Date.now() };
    received.push(delivery);
    const reply = answer(received.length - 1, delivery);
    const { status, headers } = typeof reply === 'number' ? { status: reply, headers: {} } : reply;
    res.writeHead(status, { 'content-type': 'text/plain', ...headers });
    res.end(status < 300 ? 'ok' : `answer ${status}`);
  });
  return Object.assign(server, { received });
}

export const deliveriesOf = (api: TestApi, member: TestMember, endpointId: string) => api.http.get(`/webhooks/${endpointId}/deliveries`).set('Authorization', member.auth);

export { createTestMember };
