import { findMember, readEndpointDeliveries, readEndpoints, readIdeas, readMember, readOwnedPost, readPostPage } from '@lps/db';
import { createTestIdea, createTestMember, createTestPost, createTestRuntime, type TestMember, type TestRuntime } from '@lps/testing';

// The API's frequent reads in plain SQL (decision 0012) against the migrated database:
// each must return exactly what Prisma reads for the same rows (so the one wire mapper
// per resource answers the same JSON), and never another member's rows.
let test: TestRuntime;
let ada: TestMember;
let bob: TestMember;
beforeAll(async () => {
  test = await createTestRuntime();
  ada = await createTestMember(test.runtime, { displayName: 'Ada' });
  bob = await createTestMember(test.runtime, { displayName: 'Bob' });
});
afterAll(async () => test.cleanup());

const sql = () => test.runtime.sql;
const db = () => test.runtime.db;

describe('read-path SQL', () => {
  it('reads a post as Prisma does, hides it from another member, and accepts an upper-case id', async () => {
    const post = await createTestPost(test.runtime, ada.memberId, { imageCandidates: [{ base_url: 'x', width: 1, height: 2, kind: 'image', source: 'upload' }] });
    expect(await readOwnedPost(sql(), ada.memberId, post.id)).toEqual(await db().post.findUniqueOrThrow({ where: { id: post.id } }));
    expect(await readOwnedPost(sql(), bob.memberId, post.id)).toBeNull();
    expect((await readOwnedPost(sql(), ada.memberId.toUpperCase(), post.id.toUpperCase()))?.id).toBe(post.id);
  });

  it("concurrent lookups share statements and each still gets only its own member's post", async () => {
    const posts = await Promise.all(Array.from({ length: 30 }, (_, i) => createTestPost(test.runtime, i % 2 ? ada.memberId : bob.memberId)));
    const owner = (i: number) => (i % 2 ? ada.memberId : bob.memberId);
    const other = (i: number) => (i % 2 ? bob.memberId : ada.memberId);
    const found = await Promise.all(
      posts.flatMap((post, i) => [readOwnedPost(sql(), owner(i), post.id), readOwnedPost(sql(), other(i), post.id), readOwnedPost(sql(), owner(i), post.id)]),
    );
    posts.forEach((post, i) => {
      expect(found[3 * i]?.id).toBe(post.id);
      expect(found[3 * i + 1]).toBeNull();
      expect(found[3 * i + 2]).toEqual(found[3 * i]);
      // Each caller has its own object: one cannot change what another got.
      expect(found[3 * i + 2]).not.toBe(found[3 * i]);
    });
  });

  it('pages posts newest first, with and without a status, as the keyset order says', async () => {
    const carl = await createTestMember(test.runtime);
    for (let i = 0; i < 7; i += 1) await createTestPost(test.runtime, carl.memberId, { status: i % 2 ? 'approved' : 'draft_saved' });
    const all = await db().post.findMany({ where: { memberId: carl.memberId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
    const first = await readPostPage(sql(), carl.memberId, { limit: 3 });
    expect(first.items).toEqual(all.slice(0, 3));
    const second = await readPostPage(sql(), carl.memberId, { limit: 3, after: first.next! });
    expect(second.items).toEqual(all.slice(3, 6));
    const approved = await readPostPage(sql(), carl.memberId, { status: 'approved', limit: 10 });
    expect(approved).toEqual({ items: all.filter((post) => post.status === 'approved'), next: null });
    expect((await readPostPage(sql(), ada.memberId, { limit: 100 })).items.every((post) => post.memberId === ada.memberId)).toBe(true);
  });

  it('reads a member with their connection as findMember does', async () => {
    expect(await readMember(sql(), ada.memberId)).toEqual(await findMember(db(), ada.memberId));
    expect(await readMember(sql(), '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it("reads ideas, endpoints and deliveries as Prisma does, and none of another member's", async () => {
    await createTestIdea(test.runtime, ada.memberId, { title: 'one' });
    await createTestIdea(test.runtime, ada.memberId, { title: 'two' });
    await createTestIdea(test.runtime, bob.memberId, { title: "bob's" });
    expect(await readIdeas(sql(), ada.memberId)).toEqual(await db().idea.findMany({ where: { memberId: ada.memberId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }));
    expect(await readIdeas(sql(), ada.memberId, 'dismissed')).toEqual([]);

    const endpoint = await db().webhookEndpoint.create({ data: { memberId: ada.memberId, url: 'https://hooks.example.com/a', events: ['post.published'], secretEnc: 'x' } });
    expect(await readEndpoints(sql(), ada.memberId)).toEqual([{ ...endpoint, lastDelivery: null }]);
    expect(await readEndpoints(sql(), bob.memberId)).toEqual([]);
    expect(await readEndpointDeliveries(sql(), ada.memberId, endpoint.id)).toEqual([]);
    const event = await db().outboxEvent.create({ data: { memberId: ada.memberId, type: 'post.published', payload: {} } });
    const delivery = await db().webhookDelivery.create({
      data: { endpointId: endpoint.id, eventId: event.id, event: 'post.published', responseCode: 200, status: 'success', attempts: 1 },
    });
    expect(await readEndpointDeliveries(sql(), ada.memberId, endpoint.id)).toEqual([delivery]);
    expect(await readEndpointDeliveries(sql(), bob.memberId, endpoint.id)).toBeNull();
  });
});
