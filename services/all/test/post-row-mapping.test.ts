import { postFromRow, type PostRow } from '@lps/db';
import { createTestMember, createTestPost, createTestRuntime, type TestRuntime } from '@lps/testing';

// Plain SQL reads (`SELECT * FROM posts`) map their rows with postFromRow, whose columns come from
// Prisma's own field list: a post read either way is the same object, every column included.
// (Here rather than in packages/db: @lps/db cannot depend on @lps/testing, which depends on it.)

let test: TestRuntime;
beforeAll(async () => {
  test = await createTestRuntime();
});
afterAll(() => test?.cleanup());

it('a post read with plain SQL is what Prisma reads, field for field', async () => {
  const { memberId } = await createTestMember(test.runtime);
  const created = await createTestPost(test.runtime, memberId, {
    status: 'scheduled',
    scheduledAt: new Date('2026-12-01T09:30:00.000Z'),
    imageCandidates: [{ base_url: 'http://127.0.0.1/a.png', width: 800, height: 600, kind: 'image', source: 'upload' }],
    linkPreview: { url: 'https://example.com/a', title: 'A card' },
    images: [{ url: 'http://127.0.0.1/a.png', alt_text: 'a chart' }],
    publishAttempts: 2,
    analyticsEngagementRate: 0.125,
    analyticsSource: 'network',
  });
  const { rows } = await test.runtime.sql.query<PostRow>('SELECT * FROM posts WHERE id = $1', [created.id]);
  const viaPrisma = await test.runtime.db.post.findUniqueOrThrow({ where: { id: created.id } });
  expect(postFromRow(rows[0] as PostRow)).toStrictEqual(viaPrisma);
  // Every column of the row became a field: nothing read is dropped.
  expect(Object.keys(postFromRow(rows[0] as PostRow)).sort()).toEqual(Object.keys(viaPrisma).sort());
  expect(Object.keys(rows[0] as PostRow)).toHaveLength(Object.keys(viaPrisma).length);
});
