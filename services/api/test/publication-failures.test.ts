import { markPublishFailed } from '@lps/db';
import { createTestMember, createTestPost, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

// GET /publication-failures's own rules (decision 0038), from the member's side; the journey through
// the publisher is services/publisher/test/sandbox-refusals.test.ts. A failure is made here the way
// the publisher makes it: a publication in flight, then markPublishFailed.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ LPS_RATE_LIMIT: '100000/60' });
});
afterAll(async () => api.stop());

const inbox = (member: TestMember, query = '') => api.http.get(`/publication-failures${query}`).set('Authorization', member.auth);

async function failedPost(member: TestMember, body: string, reason = 'LinkedIn answered 403 ACCESS_DENIED: Not enough permissions', code: string | null = 'ACCESS_DENIED') {
  const post = await createTestPost(api.runtime, member.memberId, {
    status: 'scheduled',
    scheduledAt: new Date(),
    body,
    publishRequestedAt: new Date(),
    statusBeforePublish: 'scheduled',
  });
  await markPublishFailed(api.runtime.db, post.id, reason, code);
  return post;
}

describe('GET /publication-failures', () => {
  it('lists a failed scheduled post back as draft_saved, with the reason and code; not a post whose last_error only warns', async () => {
    const ada = await createTestMember(api.runtime);
    const post = await failedPost(ada, 'Our launch, in three lines', 'gave up after 6 attempts: LinkedIn answered 500: Internal Server Error', null);
    // The hourly round's warning on a scheduled post is a last_error too, and no failure.
    await createTestPost(api.runtime, ada.memberId, {
      status: 'scheduled',
      scheduledAt: new Date(Date.now() + 90 * 86_400_000),
      lastError: 'scheduled after the LinkedIn connection ends (2027-01-01T00:00:00.000Z): it will fail unless the member reconnects first',
    });
    expect((await inbox(ada).expect(200)).body).toEqual({
      data: [
        {
          post_id: post.id,
          title: 'Our launch, in three lines',
          error: 'gave up after 6 attempts: LinkedIn answered 500: Internal Server Error',
          code: null,
          failed_at: expect.any(String),
          status: 'draft_saved',
        },
      ],
      page: { next_cursor: null, has_more: false },
    });
  });

  it("never shows another member's failures, whatever the cursor", async () => {
    const ada = await createTestMember(api.runtime);
    const bob = await createTestMember(api.runtime);
    await failedPost(ada, 'One');
    await failedPost(ada, 'Two');
    const cursor = (await inbox(ada, '?limit=1').expect(200)).body.page.next_cursor as string;
    expect((await inbox(bob).expect(200)).body.data).toEqual([]);
    expect((await inbox(bob, `?cursor=${encodeURIComponent(cursor)}`).expect(200)).body.data).toEqual([]);
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?limit=1e9', 'limit'],
    ['?limit=-1', 'limit'],
    ['?limit=ten', 'limit'],
    ['?cursor=forged', 'cursor'],
    [`?cursor=${'a'.repeat(513)}`, 'cursor'],
    ['?cursor=%00', 'cursor'],
  ])('%s is 422 validation_error', async (query, field) => {
    const ada = await createTestMember(api.runtime);
    const answer = await inbox(ada, query);
    expect([answer.status, answer.body.error.code, Object.keys(answer.body.error.details)]).toEqual([422, 'validation_error', [field]]);
  });
});
