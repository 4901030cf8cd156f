import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createSqlPool, kpisToWire, markPublished, readMemberAnalytics, storePostMetrics, type Post } from '@lps/db';
import { createTestDatabase, createTestMember, createTestPost, createTestRuntime, repoRoot, type TestMember, type TestRuntime } from '@lps/testing';

// GET /analytics reads a rollup kept by a trigger and each post's current numbers
// (decision 0012). Whatever the order of writes — snapshots arriving out of order,
// posts published, deleted, a member deleted — the rollup must equal what the old
// code computed from the snapshots: the newest snapshot per published post, summed.

let test: TestRuntime;
beforeAll(async () => {
  test = await createTestRuntime();
});
afterAll(async () => test.cleanup());

/** A small seeded generator: a failure names its seed and can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, int: (max: number) => Math.floor(next() * max), pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T };
}

const rateOf = (m: { impressions: number; likes: number; comments: number; shares: number }) =>
  m.impressions > 0 ? Math.round(((m.likes + m.comments + m.shares) / m.impressions) * 10_000) / 10_000 : 0;

interface Expected {
  kpis: ReturnType<typeof kpisToWire>;
  top: string[];
}

/** What GET /analytics answered before the rollup, computed here from the snapshots themselves. */
async function fromSnapshots(memberId: string): Promise<Expected> {
  const posts = await test.runtime.db.post.findMany({ where: { memberId, status: 'published' }, include: { snapshots: true } });
  const rows = posts.map((post) => {
    const newest = [...post.snapshots].sort((a, b) => b.fetchedAt.getTime() - a.fetchedAt.getTime())[0];
    return {
      post,
      impressions: newest?.impressions ?? 0,
      likes: newest?.likes ?? 0,
      comments: newest?.comments ?? 0,
      shares: newest?.shares ?? 0,
      rate: newest?.engagementRate ?? 0,
    };
  });
  const sum = (key: 'impressions' | 'likes' | 'comments' | 'shares') => rows.reduce((total, row) => total + row[key], 0);
  // Rates have 4 decimals: summed as integers, the mean rounded half up like PostgreSQL's round().
  const rateUnits = rows.reduce((total, row) => total + Math.round(row.rate * 10_000), 0);
  const engagement = (row: (typeof rows)[number]) => row.likes + row.comments + row.shares;
  const top = [...rows]
    .sort(
      (a, b) =>
        engagement(b) - engagement(a) ||
        b.impressions - a.impressions ||
        (b.post.publishedAt?.getTime() ?? 0) - (a.post.publishedAt?.getTime() ?? 0) ||
        (b.post.id > a.post.id ? 1 : -1),
    )
    .slice(0, 5)
    .map((row) => row.post.id);
  return {
    kpis: {
      posts_published: rows.length,
      impressions: sum('impressions'),
      likes: sum('likes'),
      comments: sum('comments'),
      shares: sum('shares'),
      avg_engagement_rate: rows.length ? Math.round(rateUnits / rows.length) / 10_000 : 0,
    },
    top,
  };
}

async function fromRollup(memberId: string): Promise<Expected> {
  const { kpis, topPosts } = await readMemberAnalytics(test.runtime.sql, memberId);
  return { kpis: kpisToWire(kpis), top: topPosts.map((post) => post.id) };
}

describe('the member analytics rollup', () => {
  it.each([1, 2, 3])('equals the KPIs and top posts computed from the snapshots, member by member (seed %i)', async (seed) => {
    const rng = random(seed);
    const members: TestMember[] = [];
    for (let i = 0; i < 3; i += 1) members.push(await createTestMember(test.runtime));
    const posts: Post[] = [];
    const base = Date.now() - 10 * 86_400_000;
    for (let step = 0; step < 120; step += 1) {
      const member = rng.pick(members);
      const action = rng.int(10);
      const published = posts.filter((post) => post.status === 'published');
      if (action < 3 || posts.length < 4) {
        const status = rng.pick(['draft_saved', 'approved', 'published'] as const);
        posts.push(
          await createTestPost(test.runtime, member.memberId, {
            status,
            ...(status === 'published' ? { publishedAt: new Date(base + rng.int(9) * 86_400_000), networkPostUrn: `urn:li:share:${seed}${step}` } : {}),
          }),
        );
      } else if (action < 7 && published.length > 0) {
        const post = rng.pick(published);
        // Snapshots arrive in any order: an older reading must not replace a newer one.
        const metrics = { impressions: rng.int(5_000), likes: rng.int(60), comments: rng.int(12), shares: rng.int(6) };
        await storePostMetrics(test.runtime.sql, {
          postId: post.id,
          memberId: post.memberId,
          ...metrics,
          membersReached: null,
          engagementRate: rateOf(metrics),
          source: 'linkedin',
          fetchedAt: new Date(base + rng.int(1_000_000_000)),
          nextRefreshAt: new Date(),
        });
      } else if (action < 8) {
        const draft = posts.find((post) => post.status !== 'published');
        if (draft) {
          await markPublished(test.runtime.sql, draft.id, { urn: `urn:li:share:p${seed}${step}`, url: 'https://www.linkedin.com/feed/' }, new Date(base + rng.int(9) * 86_400_000));
          draft.status = 'published';
        }
      } else if (published.length > 0) {
        // The API never deletes a published post; a member's deletion (cascade) or an operator can.
        const gone = rng.pick(published);
        await test.runtime.db.post.delete({ where: { id: gone.id } });
        posts.splice(posts.indexOf(gone), 1);
      }
    }
    const removed = members.pop() as TestMember;
    await test.runtime.db.member.delete({ where: { id: removed.memberId } });
    expect(await test.runtime.db.memberAnalytics.findUnique({ where: { memberId: removed.memberId } })).toBeNull();
    for (const member of members) {
      const expected = await fromSnapshots(member.memberId);
      expect(await fromRollup(member.memberId)).toEqual(expected);
      // Isolation: only the member's own posts, never another's.
      const own = new Set((await test.runtime.db.post.findMany({ where: { memberId: member.memberId }, select: { id: true } })).map((post) => post.id));
      expect(expected.top.every((id) => own.has(id))).toBe(true);
    }
  });

  it('a member with nothing published answers zeros and no top posts', async () => {
    const member = await createTestMember(test.runtime);
    await createTestPost(test.runtime, member.memberId);
    expect(await fromRollup(member.memberId)).toEqual({ kpis: { posts_published: 0, impressions: 0, likes: 0, comments: 0, shares: 0, avg_engagement_rate: 0 }, top: [] });
  });
});

describe('the migration that introduced it', () => {
  it("backfills each post's newest snapshot and each member's rollup from the snapshots already stored", async () => {
    const database = await createTestDatabase();
    const client = createSqlPool(database.url, { poolSize: 1 });
    try {
      // The template is fully migrated: take this one back to before the migration and replay it.
      const dir = join(repoRoot, 'prisma', 'migrations');
      const migration = readdirSync(dir).find((name) => name.endsWith('_analytics_rollup')) as string;
      await client.query(`DROP TRIGGER posts_member_analytics_insert ON posts; DROP TRIGGER posts_member_analytics_update ON posts;
        DROP TRIGGER posts_member_analytics_delete ON posts; DROP FUNCTION lps_member_analytics_rollup(); DROP TABLE member_analytics;
        ALTER TABLE posts DROP COLUMN analytics_impressions, DROP COLUMN analytics_likes, DROP COLUMN analytics_comments, DROP COLUMN analytics_shares,
          DROP COLUMN analytics_engagement, DROP COLUMN analytics_engagement_rate, DROP COLUMN analytics_source, DROP COLUMN analytics_next_refresh_at`);
      const member = (await client.query<{ id: string }>(`INSERT INTO members (id, display_name, updated_at) VALUES (gen_random_uuid(), 'Old', now()) RETURNING id`)).rows[0]!.id;
      const insertPost = async (status: string) =>
        (
          await client.query<{ id: string }>(`INSERT INTO posts (id, member_id, status, published_at, updated_at) VALUES (gen_random_uuid(), $1, $2, now(), now()) RETURNING id`, [
            member,
            status,
          ])
        ).rows[0]!.id;
      const [a, b, draft] = [await insertPost('published'), await insertPost('published'), await insertPost('draft_saved')];
      const snapshot = (post: string, impressions: number, likes: number, rate: number, ago: number) =>
        client.query(
          `INSERT INTO post_analytics_snapshots (id, post_id, member_id, impressions, likes, comments, shares, engagement_rate, source, fetched_at)
                      VALUES (gen_random_uuid(), $1, $2, $3, $4, 1, 0, $5, 'linkedin', now() - $6 * interval '1 minute')`,
          [post, member, impressions, likes, rate, ago],
        );
      await snapshot(a, 100, 4, 0.05, 60);
      await snapshot(a, 300, 8, 0.03, 5); // the newest of a
      await snapshot(b, 50, 1, 0.04, 10);
      await snapshot(draft, 999, 99, 0.1, 1); // not published: not in the KPIs
      await client.query(readFileSync(join(dir, migration, 'migration.sql'), 'utf8'));
      const rows = (
        await client.query(
          `SELECT id, analytics_impressions, analytics_likes, analytics_engagement, analytics_engagement_rate, analytics_source FROM posts WHERE id = ANY($1) ORDER BY analytics_impressions DESC`,
          [[a, b]],
        )
      ).rows;
      expect(rows).toEqual([
        { id: a, analytics_impressions: 300, analytics_likes: 8, analytics_engagement: 9, analytics_engagement_rate: 0.03, analytics_source: 'linkedin' },
        { id: b, analytics_impressions: 50, analytics_likes: 1, analytics_engagement: 2, analytics_engagement_rate: 0.04, analytics_source: 'linkedin' },
      ]);
      expect(
        (
          await client.query(
            `SELECT posts_published, impressions::int, likes::int, comments::int, engagement_rate_sum::float8 AS rate_sum FROM member_analytics WHERE member_id = $1`,
            [member],
          )
        ).rows,
      ).toEqual([{ posts_published: 2, impressions: 350, likes: 9, comments: 2, rate_sum: 0.07 }]);
      // And the trigger the migration created keeps it from then on.
      await client.query(`UPDATE posts SET status = 'published' WHERE id = $1`, [draft]);
      expect((await client.query(`SELECT posts_published FROM member_analytics WHERE member_id = $1`, [member])).rows).toEqual([{ posts_published: 3 }]);
    } finally {
      await client.end();
      await database.drop();
    }
  });
});
