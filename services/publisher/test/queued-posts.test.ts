import { createTestMember, createTestPost, deleteKeysMatching, waitFor, type TestMember } from '@lps/testing';
import { sandboxOf, startPublishing, type PublishingHarness } from './support/publishing-harness.js';

// A queued post is a scheduled post: the same row state, the same delayed job, the same sweeper
// and the same at-most-once publication. Proved here in real time, since the publisher reads the
// real clock: the queue's lead is shortened to 5 s (LPS_QUEUE_LEAD; the contract's two minutes is
// its default) and slots are whole minutes, so the post waits at most about a minute (the slot
// rules themselves are tested with the clock moved, beside their use cases in services/api/src/domain/planning).

let harness: PublishingHarness;
let ada: TestMember;
beforeAll(async () => {
  harness = await startPublishing({ LPS_QUEUE_LEAD: '5s' });
  ada = await createTestMember(harness.api.runtime, { displayName: 'Ada' });
  await harness.startPublisher();
});
afterAll(async () => harness.stop());

const MINUTE = 60_000;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const http = () => harness.api.http;

/** A slot at each of the next few whole minutes (UTC, the member's zone). */
function slotsEveryMinute(count: number): { day: string; time: string }[] {
  const first = Math.ceil(Date.now() / MINUTE) * MINUTE;
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(first + i * MINUTE);
    return { day: WEEKDAYS[at.getUTCDay()] as string, time: at.toISOString().slice(11, 16) };
  });
}

describe('queued posts', () => {
  it(
    'is published at its slot, once, also after Redis lost its job; the slot is then free',
    async () => {
      await http()
        .put('/schedule')
        .set('Authorization', ada.auth)
        .send({ slots: slotsEveryMinute(10) })
        .expect(200);
      // One post, on the first whole minute at least 5 s ahead: this test waits up to about a minute.
      const posts = [await createTestPost(harness.api.runtime, ada.memberId, { body: 'queued' })];
      const slots = new Map<string, Date>();
      for (const post of posts) {
        const answer = await http().post(`/posts/${post.id}/queue`).set('Authorization', ada.auth).expect(200);
        slots.set(post.id, new Date(answer.body.post.scheduled_at));
        // The same delayed job as POST /schedule places.
        const job = await harness.api.runtime.queues.publish.getJob(`publish-${post.id}`);
        expect([await job?.getState(), (job?.timestamp ?? 0) + (job?.delay ?? 0)]).toEqual(['delayed', expect.any(Number)]);
        expect(Math.abs((job?.timestamp ?? 0) + (job?.delay ?? 0) - slots.get(post.id)!.getTime())).toBeLessThan(2_000);
      }
      // Redis forgets every job of this test (a flush or failover): the database is the truth.
      const { redis, config } = harness.api.runtime;
      await deleteKeysMatching(redis, `{${config.redis.prefix}}*`);
      expect(await harness.api.runtime.queues.publish.getJob(`publish-${posts[0]!.id}`)).toBeUndefined();
      const ids = posts.map((post) => post.id);
      const rows = await waitFor(
        async () => {
          const done = await harness.api.runtime.db.post.findMany({ where: { id: { in: ids }, status: 'published' } });
          return done.length === ids.length ? done : undefined;
        },
        { timeoutMs: 3 * MINUTE, intervalMs: 500, what: 'the queued post published' },
      );
      for (const row of rows) expect(row.publishedAt!.getTime()).toBeGreaterThanOrEqual(slots.get(row.id)!.getTime());
      const references = (await sandboxOf(harness.api).store.listPosts()).map((entry) => entry.reference).filter((reference) => ids.includes(reference.slice(4)));
      expect(references.sort()).toEqual(ids.map((id) => `lps-${id}`).sort());
      // Published posts take no slot.
      const from = new Date(Math.min(...[...slots.values()].map((at) => at.getTime())));
      const listed = await http()
        .get(`/schedule/slots?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(new Date(from.getTime() + 10 * MINUTE).toISOString())}`)
        .set('Authorization', ada.auth)
        .expect(200);
      expect(listed.body.data.filter((slot: { post_id: string | null }) => slot.post_id !== null)).toEqual([]);
    },
    4 * 60_000,
  );
});
