import { appendOutboxEvent, inTransaction, insertEndpoint, loadDeliveries, recordAttempts, relayOutboxBatch, type AttemptRecord } from '@lps/db';
import { createTestMember, createTestRuntime, type TestRuntime } from '@lps/testing';

// The dispatcher's plain SQL (decision 0008) against the migrated schema: a renamed column fails here.
let test: TestRuntime;
let memberId: string;
let otherMemberId: string;
beforeAll(async () => {
  test = await createTestRuntime({});
  memberId = (await createTestMember(test.runtime)).memberId;
  otherMemberId = (await createTestMember(test.runtime)).memberId;
});
afterAll(async () => {
  await test.cleanup();
});

const secretEnc = () => test.runtime.keyring.encrypt(`whsec_${Buffer.alloc(32, 1).toString('base64')}`);
const emit = (member: string, type: 'post.published' | 'idea.created', postId: string) =>
  inTransaction(test.runtime.db, (tx) => appendOutboxEvent(tx, { memberId: member, type, data: { post: { id: postId } } as never }));

describe('relayOutboxBatch', () => {
  it('relays oldest first, one record per active subscribed endpoint of the member, and never twice', async () => {
    const hooked = await insertEndpoint(test.runtime.db, { memberId, url: 'https://example.com/a', events: ['post.published'], secretEnc: secretEnc() });
    await insertEndpoint(test.runtime.db, { memberId, url: 'https://example.com/ideas', events: ['idea.created'], secretEnc: secretEnc() });
    const off = await insertEndpoint(test.runtime.db, { memberId, url: 'https://example.com/off', events: ['post.published'], secretEnc: secretEnc() });
    await test.runtime.db.webhookEndpoint.update({ where: { id: off.id }, data: { isActive: false } });
    await insertEndpoint(test.runtime.db, { memberId: otherMemberId, url: 'https://example.com/other', events: ['post.published'], secretEnc: secretEnc() });
    const first = await emit(memberId, 'post.published', 'p1');
    const second = await emit(memberId, 'post.published', 'p2');

    const batch = await relayOutboxBatch(test.runtime.sql, 1);
    expect(batch.claimed).toBe(1);
    expect(batch.deliveries).toHaveLength(1);
    expect(batch.deliveries[0]!.endpointId).toBe(hooked.id);
    const rest = await relayOutboxBatch(test.runtime.sql, 10);
    expect(rest.claimed).toBe(1);
    expect(await relayOutboxBatch(test.runtime.sql, 10)).toEqual({ claimed: 0, deliveries: [] });

    const records = await test.runtime.db.webhookDelivery.findMany({ orderBy: { createdAt: 'asc' } });
    expect(records.map((record) => [record.eventId, record.endpointId, record.status])).toEqual([
      [first.id, hooked.id, 'pending'],
      [second.id, hooked.id, 'pending'],
    ]);
    expect(await test.runtime.db.outboxEvent.count({ where: { relayedAt: null } })).toBe(0);
  });

  it('leaves rows newer than createdBefore to their announcement', async () => {
    const event = await emit(memberId, 'idea.created', 'i1');
    expect((await relayOutboxBatch(test.runtime.sql, 10, new Date(Date.now() - 60_000))).claimed).toBe(0);
    expect((await relayOutboxBatch(test.runtime.sql, 10, new Date(Date.now() + 60_000))).claimed).toBe(1);
    expect((await test.runtime.db.outboxEvent.findUniqueOrThrow({ where: { id: event.id } })).relayedAt).not.toBeNull();
  });
});

describe('loadDeliveries and recordAttempts', () => {
  it('loads a delivery with its endpoint and event, and records attempts only once per attempt count', async () => {
    const [a, b] = await test.runtime.db.webhookDelivery.findMany({ where: { event: 'post.published' }, orderBy: { createdAt: 'asc' } });
    const loaded = await loadDeliveries(test.runtime.sql, [a!.id, b!.id, '00000000-0000-4000-8000-000000000000']);
    expect(loaded).toHaveLength(2);
    const first = loaded.find((delivery) => delivery.id === a!.id)!;
    expect(first).toMatchObject({ status: 'pending', attempts: 0, event: 'post.published', endpoint: { id: a!.endpointId, url: 'https://example.com/a', isActive: true } });
    expect(first.outbox).toMatchObject({ id: a!.eventId, type: 'post.published', payload: { post: { id: 'p1' } } });
    expect(first.outbox.createdAt).toBeInstanceOf(Date);

    const at = new Date();
    const retryAt = new Date(at.getTime() + 5_000);
    const attempts: AttemptRecord[] = [
      { deliveryId: a!.id, attemptsRead: 0, status: 'success', responseCode: 200, lastError: null, attemptedAt: at, nextAttemptAt: null },
      { deliveryId: b!.id, attemptsRead: 0, status: 'pending', responseCode: 500, lastError: 'HTTP 500', attemptedAt: at, nextAttemptAt: retryAt },
    ];
    expect(await recordAttempts(test.runtime.sql, attempts)).toEqual(new Set([a!.id, b!.id]));
    // The same attempts again: the counts read no longer hold, nothing is written.
    expect(await recordAttempts(test.runtime.sql, attempts)).toEqual(new Set());

    const recordA = await test.runtime.db.webhookDelivery.findUniqueOrThrow({ where: { id: a!.id } });
    const recordB = await test.runtime.db.webhookDelivery.findUniqueOrThrow({ where: { id: b!.id } });
    expect(recordA).toMatchObject({ status: 'success', attempts: 1, responseCode: 200, lastError: null, nextAttemptAt: null });
    expect(recordB).toMatchObject({ status: 'pending', attempts: 1, responseCode: 500, lastError: 'HTTP 500' });
    expect(recordB.nextAttemptAt?.getTime()).toBe(retryAt.getTime());
    expect(recordB.lastAttemptAt?.getTime()).toBe(at.getTime());
  });
});
