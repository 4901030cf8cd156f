import type { ServerResponse } from 'node:http';
import { readBody, startLoopbackServer, waitFor, type LoopbackServer } from '@lps/testing';
import { createEndpoint, createTestMember, emitEvent, startReceiver, startWebhookTest, type Receiver, type WebhookTest } from './support/webhook-harness.js';

/**
 * Member A fills 20 endpoints with receivers that never answer and keeps events
 * coming; member B has one healthy endpoint. With 8 delivery slots per
 * dispatcher and 2 per endpoint, A alone could hold every slot for the whole
 * 10 s receiver time-out, again and again. The bound stated: B's deliveries all
 * arrive while A's first attempts are still unanswered — B never waits behind
 * one of A's time-outs.
 */
let test: WebhookTest;
let hanging: LoopbackServer;
let healthy: Receiver;
const held: ServerResponse[] = [];
let inFlight = 0;

beforeAll(async () => {
  test = await startWebhookTest({ LPS_WEBHOOK_ENDPOINT_CONCURRENCY: '2', LPS_WEBHOOK_CONCURRENCY: '8' });
  hanging = await startLoopbackServer(async (req, res) => {
    await readBody(req);
    inFlight += 1;
    held.push(res);
    res.on('close', () => (inFlight -= 1));
  });
  healthy = await startReceiver();
});
afterAll(async () => {
  for (const res of held) res.end();
  await test.stop();
  await hanging.close();
  await healthy.close();
});

it("member A's 20 hanging endpoints do not hold member B's deliveries behind their time-outs", async () => {
  const a = await createTestMember(test.runtime, { displayName: 'A' });
  const b = await createTestMember(test.runtime, { displayName: 'B' });
  for (let index = 0; index < 20; index += 1) await createEndpoint(test.api, a, `${hanging.url}/a-${index}`, ['post.images_ready']);
  await createEndpoint(test.api, b, `${healthy.url}/b`, ['post.images_ready']);

  for (let event = 0; event < 10; event += 1) await emitEvent(test.runtime, a.memberId, 'post.images_ready', { post: { id: `a-${event}` } });
  await waitFor(() => held.length >= 2, { what: "A's first attempts in flight" });
  const firstHeldAt = Date.now();
  for (let event = 0; event < 5; event += 1) await emitEvent(test.runtime, b.memberId, 'post.images_ready', { post: { id: `b-${event}` } });

  await waitFor(() => healthy.received.length === 5, { timeoutMs: 30_000, what: "B's five deliveries" });
  const waited = Date.now() - firstHeldAt;
  console.log(`fairness: B's 5 deliveries arrived ${waited} ms after A's attempts started hanging; A in flight then: ${inFlight}`);
  // None of A's attempts has been answered or timed out yet: B did not wait behind one.
  expect(held.every((res) => !res.writableEnded && !res.destroyed)).toBe(true);
  // A holds at most 6 of this dispatcher's 8 slots: a share's worth (2) always stays free for others.
  expect(inFlight).toBeLessThanOrEqual(6);
});
