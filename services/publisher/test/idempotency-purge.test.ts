import { createTestMember, deleteKeysMatching, waitFor, type TestMember } from '@lps/testing';
import { startPublishing, type PublishingHarness } from './support/publishing-harness.js';

let harness: PublishingHarness;
let member: TestMember;
beforeAll(async () => {
  harness = await startPublishing({ LPS_IDEMPOTENCY_PURGE_INTERVAL: '300ms', LPS_SCHEDULE_SWEEP_INTERVAL: '200ms' });
  member = await createTestMember(harness.api.runtime);
  await harness.startPublisher();
});
afterAll(async () => harness.stop());

const db = () => harness.api.runtime.db;
const createWithKey = (key: string) =>
  harness.api.http
    .post('/posts')
    .set('Authorization', member.auth)
    .set('Idempotency-Key', key)
    .send({ idea: `purge ${key}` })
    .expect(201);

describe('expired Idempotency-Key records', () => {
  it('are deleted on the publisher’s schedule while live ones stay and still replay', async () => {
    await createWithKey('purge-expired');
    await createWithKey('purge-live');
    await db().idempotencyRecord.updateMany({ where: { key: 'purge-expired' }, data: { expiresAt: new Date(Date.now() - 1_000) } });

    await waitFor(async () => (await db().idempotencyRecord.count({ where: { key: 'purge-expired' } })) === 0, { timeoutMs: 10_000 });
    expect(await db().idempotencyRecord.count({ where: { key: 'purge-live' } })).toBe(1);
    const replay = await createWithKey('purge-live');
    expect(replay.headers['idempotency-replayed']).toBe('true');
  });

  it('keep being purged after Redis forgot the scheduler', async () => {
    const { redis, config, queues } = harness.api.runtime;
    await deleteKeysMatching(redis, `{${config.redis.prefix}}*`);
    // 30 s, as schedulers-after-redis-loss allows: after the flush the worker may sit out its blocking wait
    // before it sees the new scheduler's first job, and a loaded machine stretched that past 10 s once in five full runs.
    const { what, timeoutMs } = { what: 'the scheduler back and the expired record purged', timeoutMs: 30_000 };
    await waitFor(async () => Boolean(await queues.publish.getJobScheduler('purge-idempotency-records')), { what, timeoutMs });

    await createWithKey('purge-after-flush');
    await db().idempotencyRecord.updateMany({ where: { key: 'purge-after-flush' }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    await waitFor(async () => (await db().idempotencyRecord.count({ where: { key: 'purge-after-flush' } })) === 0, { what, timeoutMs });
  });
});
