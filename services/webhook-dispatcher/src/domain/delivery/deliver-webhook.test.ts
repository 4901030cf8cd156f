import type { LoadedDelivery } from '@lps/db';
import type { Logger } from '@lps/logger';
import type { GuardedRequestSender } from '@lps/outbound';
import type { QueueJob } from '@lps/queue';
import { verifyDelivery } from '@lps/webhooks';
import { deliverWebhook, type DeliverNeeds } from './deliver-webhook.js';
import type { AttemptOutcome } from './send-delivery.js';

// One attempt of one delivery with every port in memory: what it sends, what it records, when it
// retries — without PostgreSQL, Redis or a receiver (those journeys are in retries.test.ts and co).

const SECRET = 'whsec_dGVzdC1zZWNyZXQtb2YtdGhpcnR5LXR3by1ieXRlcyEh';
const DAY = 86_400_000;

const loaded = (fields: Partial<LoadedDelivery> = {}, endpoint: Partial<LoadedDelivery['endpoint']> = {}): LoadedDelivery => ({
  id: 'delivery-1',
  status: 'pending',
  attempts: 0,
  event: 'post.published',
  nextAttemptAt: null,
  endpoint: { id: 'endpoint-1', memberId: 'member-1', url: 'https://receiver.example/hooks', isActive: true, secretEnc: 'sealed', disabledReason: null, ...endpoint },
  outbox: { id: 'event-1', type: 'post.published', payload: { post: { id: 'post-1' } }, createdAt: new Date('2026-11-26T10:00:00.000Z') },
  ...fields,
});

interface Recorded {
  outcome: AttemptOutcome;
  retryAt: Date | null;
}

function attemptWith(delivery: LoadedDelivery | null, answer: { statusCode: number; headers?: Record<string, string> }, delaysMs = [60_000, 300_000]) {
  const sent: { url: string; body: string; headers: Record<string, string> }[] = [];
  const recorded: Recorded[] = [];
  const abandoned: string[] = [];
  const deactivated: string[] = [];
  const counted: string[] = [];
  const postponedTo: number[] = [];
  const post: GuardedRequestSender = async (url, body, headers) => {
    sent.push({ url, body, headers });
    return { statusCode: answer.statusCode, headers: answer.headers ?? {}, body: answer.statusCode >= 300 ? 'receiver says no' : '' };
  };
  const deps: DeliverNeeds = {
    endpointSecret: (sealed) => (sealed === 'sealed' ? SECRET : 'wrong'),
    metrics: { webhookDeliveries: { inc: ({ outcome }) => void counted.push(outcome) }, webhookEndpointPauses: { inc: () => void counted.push('pause') } },
    sender: post,
    records: {
      load: async () => delivery,
      record: async (_delivery, outcome, _at, retryAt) => (recorded.push({ outcome, retryAt }), true),
      abandon: async (id) => void abandoned.push(id),
      deactivateEndpoint: async (id) => void deactivated.push(id),
    },
    slots: { acquire: async () => ({ requestAnswered: () => undefined, attemptRecorded: async () => undefined }) },
    shares: { memberOf: () => 'member-1', remember: () => undefined, take: async () => () => undefined },
    pauses: { pausedUntil: () => undefined, learn: () => undefined, record: async () => undefined },
    retryPolicy: { delaysMs: delaysMs },
    log: { warn: () => undefined, isDebugEnabled: () => false } as unknown as Logger,
  };
  const job = { token: 'lock', moveToDelayed: async (at: number) => void postponedTo.push(at) } as unknown as QueueJob;
  const run = () => deliverWebhook(deps, { deliveryId: 'delivery-1', endpointId: 'endpoint-1' }, job);
  return { run, sent, recorded, abandoned, deactivated, counted, postponedTo };
}

describe('one delivery attempt, its ports in memory', () => {
  it('sends the event signed with the endpoint secret, then records a success', async () => {
    const attempt = attemptWith(loaded(), { statusCode: 204 });
    expect(await attempt.run()).toEqual({ status: 'success', attempts: 1 });
    const [request] = attempt.sent;
    expect(request?.url).toBe('https://receiver.example/hooks');
    const verified = verifyDelivery(SECRET, request?.body ?? '', request?.headers ?? {});
    expect([verified.deliveryId, verified.event, verified.payload]).toEqual([
      'delivery-1',
      'post.published',
      expect.objectContaining({ id: 'event-1', data: { post: { id: 'post-1' } } }),
    ]);
    expect([attempt.recorded.map((r) => [r.outcome.ok, r.retryAt]), attempt.counted, attempt.postponedTo]).toEqual([[[true, null]], ['success'], []]);
  });

  it('records a failed attempt with its retry time and postpones the same job to it', async () => {
    const attempt = attemptWith(loaded(), { statusCode: 500 });
    const before = Date.now();
    await expect(attempt.run()).rejects.toThrow(); // BullMQ's DelayedError: the job waits, nothing failed
    const [record] = attempt.recorded;
    const waited = (record?.retryAt?.getTime() ?? 0) - before;
    // The first delay of the schedule, ±20 % jitter.
    expect(waited).toBeGreaterThanOrEqual(48_000);
    expect(waited).toBeLessThanOrEqual(72_000 + 1_000);
    expect([record?.outcome.responseCode, record?.outcome.error, attempt.postponedTo, attempt.counted]).toEqual([
      500,
      'HTTP 500: receiver says no',
      [record?.retryAt?.getTime()],
      ['retry'],
    ]);
  });

  it("waits at least the receiver's Retry-After on a 429", async () => {
    const attempt = attemptWith(loaded(), { statusCode: 429, headers: { 'retry-after': String(DAY / 1_000) } });
    await expect(attempt.run()).rejects.toThrow();
    expect((attempt.recorded[0]?.retryAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(DAY - 5_000);
  });

  it('fails for good after the last delay of the schedule, without postponing', async () => {
    const attempt = attemptWith(loaded({ attempts: 2 }), { statusCode: 502 });
    expect(await attempt.run()).toEqual({ status: 'failed', attempts: 3 });
    expect([attempt.recorded[0]?.retryAt, attempt.postponedTo, attempt.counted]).toEqual([null, [], ['failed']]);
  });

  it('410 Gone ends the delivery and deactivates the endpoint', async () => {
    const attempt = attemptWith(loaded(), { statusCode: 410 });
    expect(await attempt.run()).toEqual({ status: 'failed', attempts: 1 });
    expect([attempt.recorded[0]?.retryAt, attempt.deactivated]).toEqual([null, ['endpoint-1']]);
  });

  it('sends nothing for an inactive endpoint (abandoned) or a finished delivery (skipped)', async () => {
    const inactive = attemptWith(loaded({}, { isActive: false, disabledReason: 'deactivated by its member' }), { statusCode: 204 });
    expect(await inactive.run()).toEqual({ skipped: 'endpoint inactive' });
    expect([inactive.sent, inactive.abandoned, inactive.counted]).toEqual([[], ['delivery-1'], ['skipped']]);
    const done = attemptWith(loaded({ status: 'success', attempts: 1 }), { statusCode: 204 });
    expect(await done.run()).toEqual({ skipped: 'success' });
    expect([done.sent, done.recorded]).toEqual([[], []]);
  });
});
