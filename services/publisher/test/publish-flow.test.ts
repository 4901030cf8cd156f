import { createStorage } from '@lps/storage';
import { createTestMember, createTestPost, waitFor, type TestMember } from '@lps/testing';
import { outboxEvents, sandboxOf, startPublishing, type PublishingHarness } from './support/publishing-harness.js';

let harness: PublishingHarness;
let ada: TestMember;
beforeAll(async () => {
  harness = await startPublishing({ LPS_DATA_DIR: `/tmp/lps-publisher-test-${process.pid}` });
  ada = await createTestMember(harness.api.runtime, { displayName: 'Ada' });
  await harness.startPublisher();
});
afterAll(async () => harness.stop());

const http = () => harness.api.http;
const db = () => harness.api.runtime.db;
const publishedPost = (id: string) =>
  waitFor(
    async () => {
      const post = await db().post.findUnique({ where: { id } });
      return post?.status === 'published' ? post : undefined;
    },
    { timeoutMs: 30_000, what: `post ${id} published` },
  );
const settled = (id: string) =>
  waitFor(
    async () => {
      const post = await db().post.findUnique({ where: { id } });
      // A scheduled post is not in flight until its job starts: settled means it left `scheduled` too.
      return post && !post.publishRequestedAt && post.status !== 'scheduled' ? post : undefined;
    },
    { timeoutMs: 30_000, what: `post ${id} settled` },
  );

describe('POST /posts/{id}/publish (sandbox)', () => {
  it('answers 202 with the state unchanged, then the post is published with URN, URL and a post.published event', async () => {
    const post = await createTestPost(harness.api.runtime, ada.memberId, { status: 'approved' });
    const response = await http().post(`/posts/${post.id}/publish`).set('Authorization', ada.auth);
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ status: 'approved', poll: `/api/v1/posts/${post.id}`, post: { id: post.id, status: 'approved' } });
    const published = await publishedPost(post.id);
    expect(published.networkPostUrn).toMatch(/^urn:li:share:\d+$/);
    expect(published.networkUrl).toBe(`https://www.linkedin.com/feed/update/${published.networkPostUrn}/`);
    const wire = (await http().get(`/posts/${post.id}`).set('Authorization', ada.auth)).body.post;
    expect(wire).toMatchObject({ status: 'published', network_post_urn: published.networkPostUrn, published_at: expect.any(String) });
    const events = (await outboxEvents(harness.api, 'post.published')).filter((event) => (event.payload as { post: { id: string } }).post.id === post.id);
    expect(events).toHaveLength(1);
    // The event body is built from the claimed row without a second read: it must be the Post as the API shows it.
    expect((events[0]?.payload as { post: unknown }).post).toEqual(wire);
    expect((await sandboxOf(harness.api).store.listPosts()).filter((entry) => entry.reference === `lps-${post.id}`)).toHaveLength(1);
    // The post row is the history: the completed job is removed, so nothing stands in a later job's way.
    await waitFor(async () => ((await harness.api.runtime.queues.publish.getJob(`publish-${post.id}`)) ? undefined : true), { what: 'completed job removed' });
  });

  it('a published post answers 409 conflict to schedule, publish, PATCH and DELETE', async () => {
    const post = await createTestPost(harness.api.runtime, ada.memberId, { status: 'published', networkPostUrn: 'urn:li:share:1', publishedAt: new Date() });
    const auth = ada.auth;
    const answers = [
      await http()
        .post(`/posts/${post.id}/schedule`)
        .set('Authorization', auth)
        .send({ scheduled_at: new Date(Date.now() + 3_600_000).toISOString() }),
      await http().post(`/posts/${post.id}/publish`).set('Authorization', auth),
      await http().patch(`/posts/${post.id}`).set('Authorization', auth).send({ body: 'new' }),
      await http().delete(`/posts/${post.id}`).set('Authorization', auth),
    ];
    expect(answers.map((answer) => [answer.status, answer.body.error?.code])).toEqual(Array(4).fill([409, 'conflict']));
  });

  it.each(['generating_images', 'rejected'] as const)('a %s post answers 409 to publish and schedule', async (status) => {
    const post = await createTestPost(harness.api.runtime, ada.memberId, { status });
    expect((await http().post(`/posts/${post.id}/publish`).set('Authorization', ada.auth)).status).toBe(409);
    const schedule = await http()
      .post(`/posts/${post.id}/schedule`)
      .set('Authorization', ada.auth)
      .send({ scheduled_at: new Date(Date.now() + 60_000).toISOString() });
    expect(schedule.status).toBe(409);
  });

  it('publishing for a member who is not connected answers 422 unprocessable', async () => {
    const bob = await createTestMember(harness.api.runtime, { displayName: 'Bob' });
    await db().networkConnection.update({ where: { memberId: bob.memberId }, data: { disconnectedAt: new Date() } });
    const post = await createTestPost(harness.api.runtime, bob.memberId);
    const response = await http().post(`/posts/${post.id}/publish`).set('Authorization', bob.auth);
    expect([response.status, response.body.error.code]).toEqual([422, 'unprocessable']);
  });

  it("another member's post answers 404", async () => {
    const bob = await createTestMember(harness.api.runtime, { displayName: 'Bob' });
    const post = await createTestPost(harness.api.runtime, bob.memberId);
    expect((await http().post(`/posts/${post.id}/publish`).set('Authorization', ada.auth)).status).toBe(404);
  });

  it("publishes the post's image from our storage as network media", async () => {
    const storage = createStorage(harness.api.runtime.config);
    const post = await createTestPost(harness.api.runtime, ada.memberId);
    const stored = await storage.put(`${ada.memberId}/${post.id}/chosen.png`, Buffer.from('png'), 'image/png');
    await db().post.update({ where: { id: post.id }, data: { imageUrl: stored.url, format: 'image' } });
    await http().post(`/posts/${post.id}/publish`).set('Authorization', ada.auth).expect(202);
    const published = await publishedPost(post.id);
    const onNetwork = await sandboxOf(harness.api).store.findByUrn(published.networkPostUrn as string);
    expect(onNetwork?.media).toMatchObject({ kind: 'image', urn: expect.stringMatching(/^urn:li:image:/) });
  });
});

describe('failures (sandbox failure injection)', () => {
  it('a permanent failure of a scheduled post returns it to draft_saved with last_error and post.publish_failed', async () => {
    const post = await createTestPost(harness.api.runtime, ada.memberId, { body: 'doomed' });
    await sandboxOf(harness.api).injectFailure({ operation: 'publish', kind: 'permanent', message: 'rejected by the network' });
    await http().post(`/posts/${post.id}/schedule`).set('Authorization', ada.auth).send({ scheduled_at: new Date().toISOString() }).expect(200);
    const failed = await settled(post.id);
    expect(failed).toMatchObject({ status: 'draft_saved', lastError: expect.stringContaining('rejected by the network') });
    const events = (await outboxEvents(harness.api, 'post.publish_failed')).filter((event) => (event.payload as { post: { id: string } }).post.id === post.id);
    expect(events).toHaveLength(1);
    expect((events[0]?.payload as { reason: string }).reason).toContain('rejected by the network');
  });

  it('a post that failed for good publishes when asked again: its kept failed job is replaced', async () => {
    const post = await createTestPost(harness.api.runtime, ada.memberId, { body: 'second time lucky', status: 'approved' });
    await sandboxOf(harness.api).injectFailure({ operation: 'publish', kind: 'permanent', message: 'rejected once' });
    await http().post(`/posts/${post.id}/publish`).set('Authorization', ada.auth).expect(202);
    await waitFor(
      async () => {
        const job = await harness.api.runtime.queues.publish.getJob(`publish-${post.id}`);
        return job && (await job.getState()) === 'failed' ? job : undefined;
      },
      { what: 'failed job kept' },
    );
    expect(await settled(post.id)).toMatchObject({ status: 'approved', lastError: expect.stringContaining('rejected once') });
    await http().post(`/posts/${post.id}/publish`).set('Authorization', ada.auth).expect(202);
    // Replaced by the request itself, not left for the sweeper: the failed job is gone once the 202 is out.
    const job = await harness.api.runtime.queues.publish.getJob(`publish-${post.id}`);
    expect(job ? await job.getState() : 'removed').not.toBe('failed');
    const published = await publishedPost(post.id);
    expect(published.publishAttempts).toBe(2);
  });

  it('a retryable failure is retried and the post is published once', async () => {
    const post = await createTestPost(harness.api.runtime, ada.memberId, { body: 'flaky' });
    await sandboxOf(harness.api).injectFailure({ operation: 'publish', kind: 'retryable' });
    await http().post(`/posts/${post.id}/publish`).set('Authorization', ada.auth).expect(202);
    const published = await publishedPost(post.id);
    expect(published.publishAttempts).toBe(2);
  });

  it('retries exhausted (LPS_PUBLISH_ATTEMPTS) fail for good with the state restored', async () => {
    const post = await createTestPost(harness.api.runtime, ada.memberId, { body: 'never', status: 'approved' });
    for (let i = 0; i < 3; i += 1) await sandboxOf(harness.api).injectFailure({ operation: 'publish', kind: 'retryable', message: `outage ${i}` });
    await http().post(`/posts/${post.id}/publish`).set('Authorization', ada.auth).expect(202);
    const failed = await settled(post.id);
    expect(failed).toMatchObject({ status: 'approved', lastError: expect.stringContaining('gave up after 3 attempts') });
  });

  it('a time-out after the network published is recovered by client reference: one network post, published', async () => {
    const post = await createTestPost(harness.api.runtime, ada.memberId, { body: 'timed out but posted' });
    await sandboxOf(harness.api).injectFailure({ operation: 'publish', kind: 'timeout-after-publish' });
    await http().post(`/posts/${post.id}/publish`).set('Authorization', ada.auth).expect(202);
    const published = await publishedPost(post.id);
    const copies = (await sandboxOf(harness.api).store.listPosts()).filter((entry) => entry.reference === `lps-${post.id}`);
    expect(copies.map((copy) => copy.urn)).toEqual([published.networkPostUrn]);
  });
});
