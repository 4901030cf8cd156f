import { createTestMember, createTestPost, deleteKeysMatching, waitFor, type TestMember } from '@lps/testing';
import { sandboxOf, startPublishing, type PublishingHarness } from './support/publishing-harness.js';

let harness: PublishingHarness;
let ada: TestMember;
beforeAll(async () => {
  harness = await startPublishing({ LPS_PUBLISH_CONCURRENCY: '32' });
  ada = await createTestMember(harness.api.runtime, { displayName: 'Ada' });
  await harness.startPublisher();
});
afterAll(async () => harness.stop());

const http = () => harness.api.http;
const db = () => harness.api.runtime.db;
const schedule = (id: string, at: Date | string) =>
  http()
    .post(`/posts/${id}/schedule`)
    .set('Authorization', ada.auth)
    .send({ scheduled_at: typeof at === 'string' ? at : at.toISOString() });

/** Simulates losing Redis (FLUSHALL) for this test only: other test files share the server, so only our prefix's keys go. */
async function loseRedis(): Promise<void> {
  // The queues only: the sandbox network keeps its own state under `<prefix>:sandbox:*`, as a real network would.
  const { redis, config } = harness.api.runtime;
  await deleteKeysMatching(redis, `{${config.redis.prefix}}*`);
}

describe('POST /posts/{id}/schedule validation', () => {
  it('answers 422 validation_error for a time without Z or an offset', async () => {
    const post = await createTestPost(harness.api.runtime, ada.memberId);
    const response = await schedule(post.id, '2030-01-01T10:00:00');
    expect([response.status, response.body.error.code]).toEqual([422, 'validation_error']);
    expect(response.body.error.details).toHaveProperty('scheduled_at');
  });

  it('answers 422 unprocessable more than 60 s in the past or more than a year ahead', async () => {
    const post = await createTestPost(harness.api.runtime, ada.memberId);
    for (const at of [new Date(Date.now() - 120_000), new Date(Date.now() + 367 * 86_400_000)]) {
      const response = await schedule(post.id, at);
      expect([response.status, response.body.error.code]).toEqual([422, 'unprocessable']);
    }
  });

  it('normalises an offset to UTC and stores state scheduled', async () => {
    const post = await createTestPost(harness.api.runtime, ada.memberId);
    const response = await schedule(post.id, '2035-06-01T12:00:00+02:00').expect(422); // more than a year ahead
    expect(response.body.error.code).toBe('unprocessable');
    const soon = new Date(Date.now() + 86_400_000);
    const local = `${soon.toISOString().slice(0, 19)}+01:00`;
    const ok = await schedule(post.id, local).expect(200);
    expect(ok.body.post).toMatchObject({ status: 'scheduled', scheduled_at: new Date(local).toISOString() });
  });
});

describe('scheduled publication', () => {
  it('rescheduling moves the delayed job to the new time', async () => {
    const post = await createTestPost(harness.api.runtime, ada.memberId);
    await schedule(post.id, new Date(Date.now() + 3_600_000)).expect(200);
    const job = await harness.api.runtime.queues.publish.getJob(`publish-${post.id}`);
    expect(await job?.getState()).toBe('delayed');
    const later = new Date(Date.now() + 7_200_000);
    await schedule(post.id, later).expect(200);
    const moved = await harness.api.runtime.queues.publish.getJob(`publish-${post.id}`);
    expect(Math.abs((moved?.timestamp ?? 0) + (moved?.delay ?? 0) - later.getTime())).toBeLessThan(2_000);
    expect((await db().post.findUniqueOrThrow({ where: { id: post.id } })).scheduledAt?.toISOString()).toBe(later.toISOString());
  });

  it('200 posts scheduled over the next seconds are all published, none early and none twice', async () => {
    const start = Date.now() + 2_000;
    const posts = await Promise.all(Array.from({ length: 200 }, (_, i) => createTestPost(harness.api.runtime, ada.memberId, { body: `scheduled ${i}` })));
    const times = new Map<string, Date>();
    for (const [i, post] of posts.entries()) {
      const at = new Date(start + (i % 40) * 100);
      times.set(post.id, at);
      await schedule(post.id, at).expect(200);
    }
    const ids = posts.map((post) => post.id);
    const rows = await waitFor(
      async () => {
        const done = await db().post.findMany({ where: { id: { in: ids }, status: 'published' } });
        return done.length === ids.length ? done : undefined;
      },
      { timeoutMs: 60_000, what: '200 scheduled posts published' },
    );
    for (const row of rows) expect(row.publishedAt!.getTime()).toBeGreaterThanOrEqual(times.get(row.id)!.getTime());
    const references = (await sandboxOf(harness.api).store.listPosts()).map((entry) => entry.reference).filter((ref) => ids.includes(ref.slice(4)));
    expect(references).toHaveLength(200);
    expect(new Set(references).size).toBe(200);
  }, 90_000);

  it('after Redis loses every job (FLUSHALL of our keys), scheduled posts still publish from the database', async () => {
    const posts = await Promise.all(Array.from({ length: 20 }, (_, i) => createTestPost(harness.api.runtime, ada.memberId, { body: `survives flush ${i}` })));
    // Far enough ahead that the flush lands before any job is due even on a loaded machine: a job the worker
    // already holds would be written back by the worker and prove nothing about recovery from the database.
    const at = new Date(Date.now() + 8_000);
    await Promise.all(posts.map((post) => schedule(post.id, at).expect(200)));
    await loseRedis();
    expect(Date.now()).toBeLessThan(at.getTime());
    expect(await harness.api.runtime.queues.publish.getJob(`publish-${posts[0]!.id}`)).toBeUndefined();
    const ids = posts.map((post) => post.id);
    const rows = await waitFor(
      async () => {
        const done = await db().post.findMany({ where: { id: { in: ids }, status: 'published' } });
        return done.length === ids.length ? done : undefined;
      },
      { timeoutMs: 60_000, what: 'flushed schedules published' },
    );
    for (const row of rows) expect(row.publishedAt!.getTime()).toBeGreaterThanOrEqual(at.getTime());
  }, 90_000);
});
