import { readBody, startLoopbackServer, waitFor, type LoopbackServer } from '@lps/testing';
import { createEndpoint, createTestMember, deliveriesOf, emitEvent, startWebhookTest, type WebhookTest } from './support/webhook-harness.js';

/**
 * A receiver that never answers: after 5 time-outs in a row its endpoint is
 * paused for a minute — nothing more is sent to it, its deliveries stay pending
 * and say why. (The receiver's time-out is shortened for the test.)
 */
let test: WebhookTest;
let silent: LoopbackServer;
const requests: number[] = [];

beforeAll(async () => {
  test = await startWebhookTest({
    LPS_TEST_WEBHOOK_TIMEOUT: '300ms',
    LPS_WEBHOOK_RETRY_SCHEDULE: '100ms,100ms,100ms,100ms,100ms,100ms,100ms,100ms',
    LPS_WEBHOOK_ENDPOINT_CONCURRENCY: '2',
  });
  silent = await startLoopbackServer(async (req) => {
    await readBody(req);
    requests.push(Date.now()); // never answered
  });
});
afterAll(async () => {
  await test.stop();
  await silent.close();
});

it('pauses an endpoint after 5 time-outs in a row: no more requests, deliveries pending with the reason', async () => {
  const member = await createTestMember(test.runtime);
  const endpoint = await createEndpoint(test.api, member, `${silent.url}/never`, ['post.images_ready']);
  for (let event = 0; event < 4; event += 1) await emitEvent(test.runtime, member.memberId, 'post.images_ready', { post: { id: `silent-${event}` } });

  const deliveries = async () => (await deliveriesOf(test.api, member, endpoint.id)).body.data as Array<{ status: string; last_error: string | null; attempts: number }>;
  const pausedNote = await waitFor(async () => (await deliveries()).find((delivery) => /endpoint paused until .* after 5 time-outs in a row/.test(delivery.last_error ?? '')), {
    timeoutMs: 20_000,
    what: 'a delivery saying the endpoint is paused',
  });
  expect(pausedNote.status).toBe('pending');
  const sentWhenPaused = requests.length;
  // Over the next 2 s (about 6 time-outs' worth), at most the attempts already in flight reach it.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  console.log(`endpoint pause: ${sentWhenPaused} requests before the pause, ${requests.length - sentWhenPaused} in the 2 s after`);
  expect(requests.length - sentWhenPaused).toBeLessThanOrEqual(2);
  expect((await deliveries()).every((delivery) => delivery.status === 'pending')).toBe(true);
});
