import { createTestMember, createTestPost, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

let api: TestApi;
let member: TestMember;
const created: Array<{ id: string; createdAt: Date; status: string }> = [];

beforeAll(async () => {
  api = await startTestApi();
  member = await createTestMember(api.runtime);
  const base = Date.now() - 1_000_000;
  for (let index = 0; index < 47; index += 1) {
    // Groups of three share a timestamp, so the id tie-break is exercised.
    const createdAt = new Date(base + Math.floor(index / 3) * 1000);
    const status = index % 4 === 0 ? 'scheduled' : 'draft_saved';
    const post = await createTestPost(api.runtime, member.memberId, { createdAt, status, idea: `idea ${index}` });
    created.push({ id: post.id, createdAt, status });
  }
});
afterAll(async () => api.stop());

const newestFirst = (rows: typeof created) => [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((row) => row.id);

async function walk(query: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const url: string = `/posts?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await api.http.get(url).set('Authorization', member.auth);
    expect(response.status).toBe(200);
    pages += 1;
    ids.push(...response.body.data.map((post: { id: string }) => post.id));
    cursor = response.body.page.next_cursor;
    expect(response.body.page.has_more).toBe(cursor !== null);
  } while (cursor && pages < 20);
  return { ids, pages };
}

describe('GET /posts pagination', () => {
  it('walks every post newest first across pages, with no duplicates and no gaps', async () => {
    const { ids, pages } = await walk('limit=20');
    expect(pages).toBe(3);
    expect(ids).toEqual(newestFirst(created));
    expect(new Set(ids).size).toBe(47);
  });

  it('defaults to 20 per page', async () => {
    const response = await api.http.get('/posts').set('Authorization', member.auth);
    expect(response.body.data).toHaveLength(20);
    expect(response.body.page.has_more).toBe(true);
  });

  it('filters by status while paginating', async () => {
    const { ids } = await walk('status=scheduled&limit=5');
    expect(ids).toEqual(newestFirst(created.filter((row) => row.status === 'scheduled')));
  });

  it('ends with next_cursor null and has_more false', async () => {
    const response = await api.http.get('/posts?limit=100').set('Authorization', member.auth);
    expect(response.body.data).toHaveLength(47);
    expect(response.body.page).toEqual({ next_cursor: null, has_more: false });
  });

  it('is not disturbed by a post created between pages', async () => {
    const first = await api.http.get('/posts?limit=10').set('Authorization', member.auth);
    await createTestPost(api.runtime, member.memberId, { idea: 'newer than everything' });
    const second = await api.http.get(`/posts?limit=10&cursor=${encodeURIComponent(first.body.page.next_cursor)}`).set('Authorization', member.auth);
    const expected = newestFirst(created);
    expect(second.body.data.map((post: { id: string }) => post.id)).toEqual(expected.slice(10, 20));
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['status=archived', 'status'],
    ['cursor=not-a-cursor', 'cursor'],
  ])('answers 422 validation_error for %s', async (query, field) => {
    const response = await api.http.get(`/posts?${query}`).set('Authorization', member.auth);
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'validation_error', details: { [field]: expect.any(String) } });
  });

  it('refuses a tampered cursor', async () => {
    const page = await api.http.get('/posts?limit=5').set('Authorization', member.auth);
    const cursor: string = page.body.page.next_cursor;
    const [body, signature] = cursor.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ t: new Date().toISOString(), i: 'ffffffff-ffff-4fff-8fff-ffffffffffff' })).toString('base64url');
    for (const bad of [`${forged}.${signature}`, `${body}.${signature.slice(1)}x`]) {
      const response = await api.http.get(`/posts?cursor=${encodeURIComponent(bad)}`).set('Authorization', member.auth);
      expect(response.status).toBe(422);
      expect(response.body.error.details).toHaveProperty('cursor');
    }
  });
});
