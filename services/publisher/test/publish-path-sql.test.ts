import {
  appendOutboxEventSql,
  asPublished,
  commitPublishedIfUnchanged,
  findPostsWithConnection,
  loadAndClaimPublications,
  markPublished,
  recordPublishMedia,
  markPublicationsRequested,
  schedulePublication,
  type PostStatus,
  type PublishCommit,
  type Sql,
} from '@lps/db';
import { createTestMember, createTestPost, createTestRuntime, type TestMember, type TestRuntime } from '@lps/testing';

// The publish path's plain SQL (docs/decisions/0008) against the migrated database:
// a renamed column or a mapping slip fails here. Each result is compared with what
// Prisma reads back for the same row.
let test: TestRuntime;
let ada: TestMember;
beforeAll(async () => {
  test = await createTestRuntime();
  ada = await createTestMember(test.runtime, { displayName: 'Ada' });
});
afterAll(async () => test.cleanup());

const sql = () => test.runtime.sql;
const prismaRead = (id: string) => test.runtime.db.post.findUniqueOrThrow({ where: { id } });
// The statements take many posts at once; most cases here use one.
const findPostWithConnection = async (sql: Sql, id: string, memberId?: string) => (await findPostsWithConnection(sql, [{ id, memberId }])).get(id) ?? null;
const markPublicationRequested = async (sql: Sql, id: string, fromStatus: PostStatus, now: Date) =>
  (await markPublicationsRequested(sql, [{ id, fromStatus, now }])).get(id) ?? null;
const loadAndClaim = async (id: string, now: Date, reference = `lps-${id}`) => (await loadAndClaimPublications(sql(), [{ id, reference, now }])).get(id) ?? null;
const commitOne = async (commit: PublishCommit) => (await commitPublishedIfUnchanged(sql(), [commit])).get(commit.postId) ?? null;

describe('publish-path SQL', () => {
  it("reads a post with its member's connection exactly as Prisma does, and hides it from another member", async () => {
    const post = await createTestPost(test.runtime, ada.memberId, { imageCandidates: [{ base_url: 'x', width: 1, height: 2, kind: 'image', source: 'upload' }] });
    const found = await findPostWithConnection(sql(), post.id, ada.memberId);
    expect(found?.post).toEqual(await prismaRead(post.id));
    expect(found?.connection).toEqual(await test.runtime.db.networkConnection.findUnique({ where: { memberId: ada.memberId } }));
    const other = await createTestMember(test.runtime);
    expect(await findPostWithConnection(sql(), post.id, other.memberId)).toBeNull();
    expect((await findPostWithConnection(sql(), post.id))?.post.id).toBe(post.id);
  });

  it('records a publish request only from the state that was read and while nothing is in flight', async () => {
    const post = await createTestPost(test.runtime, ada.memberId, { status: 'approved' });
    expect(await markPublicationRequested(sql(), post.id, 'draft_saved', new Date())).toBeNull();
    const requested = await markPublicationRequested(sql(), post.id, 'approved', new Date());
    expect(requested).toEqual(await prismaRead(post.id));
    expect(requested).toMatchObject({ status: 'approved', statusBeforePublish: 'approved', publishRequestedAt: expect.any(Date) });
    expect(await markPublicationRequested(sql(), post.id, 'approved', new Date())).toBeNull();
  });

  it("schedules from the allowed states only; the job's load claims a scheduled post once it is due, and marks it in flight", async () => {
    const post = await createTestPost(test.runtime, ada.memberId);
    const at = new Date(Date.now() - 1_000);
    expect(await schedulePublication(sql(), post.id, ['approved'], at, new Date())).toBeNull();
    const scheduled = await schedulePublication(sql(), post.id, ['draft_saved', 'approved'], at, new Date());
    expect(scheduled).toEqual(await prismaRead(post.id));
    expect(scheduled).toMatchObject({ status: 'scheduled', scheduledAt: at });
    const early = await loadAndClaim(post.id, new Date(at.getTime() - 1));
    expect(early?.claimedVersion).toBeUndefined();
    expect(early?.post).toEqual(await prismaRead(post.id));
    expect(early?.post).toMatchObject({ status: 'scheduled', publishRequestedAt: null, publishAttempts: 0 });
    const now = new Date();
    const due = await loadAndClaim(post.id, now);
    expect(due?.claimedVersion).toEqual(expect.any(String));
    expect(due?.post).toEqual(await prismaRead(post.id));
    expect(due?.post).toMatchObject({ statusBeforePublish: 'scheduled', publishRequestedAt: now, publishClaimedAt: now, publishAttempts: 1, publishReference: `lps-${post.id}` });
    expect(due?.connection?.memberId).toBe(ada.memberId);
    // Claimed again (a retry): the request time, the state before and the reference stay; the attempt counts.
    const again = await loadAndClaim(post.id, new Date(), 'another-reference');
    expect(again?.claimedVersion).not.toBe(due?.claimedVersion);
    expect(again?.post).toMatchObject({ statusBeforePublish: 'scheduled', publishRequestedAt: now, publishAttempts: 2, publishReference: `lps-${post.id}` });
    expect(await loadAndClaim('00000000-0000-4000-8000-000000000000', new Date())).toBeNull();
  });

  it('claims a requested post with the stable reference and counts attempts; a claimed post commits in one statement with its event', async () => {
    const post = await createTestPost(test.runtime, ada.memberId, { status: 'approved' });
    const unrequested = await loadAndClaim(post.id, new Date());
    expect(unrequested?.claimedVersion).toBeUndefined();
    expect(unrequested?.post).toEqual(await prismaRead(post.id));
    await markPublicationRequested(sql(), post.id, 'approved', new Date());
    const first = await loadAndClaim(post.id, new Date());
    const claimed = await loadAndClaim(post.id, new Date());
    expect(first?.claimedVersion).not.toBe(claimed?.claimedVersion);
    expect(claimed?.post).toEqual(await prismaRead(post.id));
    expect(claimed?.post).toMatchObject({
      status: 'approved',
      statusBeforePublish: 'approved',
      publishAttempts: 2,
      publishReference: `lps-${post.id}`,
      publishClaimedAt: expect.any(Date),
    });
    const now = new Date();
    const commit = { postId: post.id, urn: 'urn:li:share:7', url: 'https://example.test/7', now, eventData: { post: { id: post.id } } };
    expect(await commitOne({ ...commit, claimedVersion: first?.claimedVersion ?? '' })).toBeNull();
    expect((await prismaRead(post.id)).status).toBe('approved');
    const done = await commitOne({ ...commit, claimedVersion: claimed?.claimedVersion ?? '' });
    expect(await prismaRead(post.id)).toMatchObject({ status: 'published', networkPostUrn: 'urn:li:share:7', publishedAt: now, updatedAt: now, publishRequestedAt: null });
    // The event body is made from asPublished(claimed post) before the statement runs: it must be the row the statement leaves.
    expect(claimed && asPublished(claimed.post, commit)).toEqual(await prismaRead(post.id));
    const event = await test.runtime.db.outboxEvent.findUniqueOrThrow({ where: { id: done?.outboxId ?? '' } });
    expect(event).toMatchObject({ memberId: ada.memberId, type: 'post.published', payload: { post: { id: post.id } }, relayedAt: null });
    // A published post is never claimed again.
    const after = await loadAndClaim(post.id, new Date());
    expect(after?.claimedVersion).toBeUndefined();
    expect(after?.post.publishAttempts).toBe(2);
  });

  it('the general commit marks a post published once and appends an outbox row in the same transaction', async () => {
    const post = await createTestPost(test.runtime, ada.memberId, { status: 'approved', lastError: 'earlier' });
    const now = new Date();
    const published = await markPublished(sql(), post.id, { urn: 'urn:li:share:8', url: 'https://example.test/8' }, now);
    expect(published).toEqual(await prismaRead(post.id));
    expect(published).toEqual(asPublished(post, { urn: 'urn:li:share:8', url: 'https://example.test/8', now }));
    expect(published).toMatchObject({ status: 'published', lastError: null, networkUrl: 'https://example.test/8' });
    expect(await markPublished(sql(), post.id, { urn: 'urn:li:share:9', url: 'x' }, new Date())).toBeNull();
    const { id } = await appendOutboxEventSql(sql(), { memberId: ada.memberId, type: 'post.publish_failed', data: { reason: 'r' } });
    expect(await test.runtime.db.outboxEvent.findUnique({ where: { id } })).toMatchObject({ type: 'post.publish_failed', payload: { reason: 'r' } });
  });

  it('claims and commits several posts in one statement each, each row on its own condition', async () => {
    const posts = await Promise.all([0, 1, 2].map(() => createTestPost(test.runtime, ada.memberId, { status: 'approved' })));
    const [requested, notRequested, stale] = posts.map((post) => post.id) as [string, string, string];
    const missing = '00000000-0000-4000-8000-000000000001';
    await markPublicationRequested(sql(), requested, 'approved', new Date());
    await markPublicationRequested(sql(), stale, 'approved', new Date());
    const now = new Date();
    const loaded = await loadAndClaimPublications(
      sql(),
      [requested, notRequested, stale, missing].map((id) => ({ id, reference: `lps-${id}`, now })),
    );
    expect([...loaded.keys()].sort()).toEqual([requested, notRequested, stale].sort());
    expect(loaded.get(requested)?.post).toEqual(await prismaRead(requested));
    expect(loaded.get(stale)?.post).toEqual(await prismaRead(stale));
    expect(loaded.get(notRequested)?.post).toEqual(await prismaRead(notRequested));
    expect(loaded.get(notRequested)?.claimedVersion).toBeUndefined();
    const claims = new Map([requested, stale].map((id) => [id, { version: loaded.get(id)?.claimedVersion }]));
    expect([...claims.values()].every((claim) => typeof claim.version === 'string')).toBe(true);
    // Someone writes `stale` after its claim: only `requested` commits, with its own event.
    await test.runtime.db.post.update({ where: { id: stale }, data: { body: 'edited meanwhile' } });
    const commit = (postId: string, n: number): PublishCommit => ({
      postId,
      claimedVersion: claims.get(postId)?.version ?? '',
      urn: `urn:li:share:${n}`,
      url: `https://example.test/${n}`,
      now,
      eventData: { post: { id: postId, quote: 'say "hi", {a,b}' } },
    });
    const committed = await commitPublishedIfUnchanged(sql(), [commit(requested, 21), commit(stale, 22)]);
    expect([...committed.keys()]).toEqual([requested]);
    expect(await prismaRead(requested)).toMatchObject({ status: 'published', networkPostUrn: 'urn:li:share:21' });
    expect((await prismaRead(stale)).status).toBe('approved');
    const event = await test.runtime.db.outboxEvent.findUniqueOrThrow({ where: { id: committed.get(requested)?.outboxId ?? '' } });
    expect(event).toMatchObject({ type: 'post.published', payload: { post: { id: requested, quote: 'say "hi", {a,b}' } } });
  });

  it('keeps the uploaded media URN with the claim: a new version keeps the one-statement commit open; a write since the claim closes it', async () => {
    const post = await createTestPost(test.runtime, ada.memberId, { status: 'approved' });
    await markPublicationRequested(sql(), post.id, 'approved', new Date());
    const claimed = await loadAndClaim(post.id, new Date());
    const version = await recordPublishMedia(sql(), post.id, claimed?.claimedVersion ?? '', 'urn:li:image:D1');
    expect(version).toEqual(expect.any(String));
    expect(version).not.toBe(claimed?.claimedVersion);
    expect((await prismaRead(post.id)).publishMediaUrn).toBe('urn:li:image:D1');
    const commit = { postId: post.id, urn: 'urn:li:share:31', url: 'https://example.test/31', now: new Date(), eventData: { post: { id: post.id } } };
    expect(await commitOne({ ...commit, claimedVersion: claimed?.claimedVersion ?? '' })).toBeNull();
    expect(await commitOne({ ...commit, claimedVersion: version ?? '' })).toEqual({ outboxId: expect.any(String) });
    // The publication is over: the next one uploads the then-current file.
    expect(await prismaRead(post.id)).toMatchObject({ status: 'published', publishMediaUrn: null });

    const edited = await createTestPost(test.runtime, ada.memberId, { status: 'approved' });
    await markPublicationRequested(sql(), edited.id, 'approved', new Date());
    const stale = await loadAndClaim(edited.id, new Date());
    await test.runtime.db.post.update({ where: { id: edited.id }, data: { body: 'edited meanwhile' } });
    expect(await recordPublishMedia(sql(), edited.id, stale?.claimedVersion ?? '', 'urn:li:document:D2')).toBeUndefined();
    expect((await prismaRead(edited.id)).publishMediaUrn).toBe('urn:li:document:D2');
  });
});
