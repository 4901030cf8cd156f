import pg from 'pg';

// Bulk rows for the read benchmarks, written in SQL with generate_series: a million posts
// through the API or Prisma would take the better part of an hour.

export interface SeedPool {
  pool: pg.Pool;
  close(): Promise<void>;
}

export const openSeedPool = (url: string): SeedPool => {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return { pool, close: () => pool.end() };
};

/**
 * Adds `count` posts to a member, every tenth published with its metrics on the row and a
 * snapshot of them (as a refresh leaves them), numbered from `from` so that growing a
 * history keeps the older posts. Triggers are off for the bulk insert (replica role) and
 * the member's rollup is computed afterwards as the migration's backfill does it: the
 * same numbers the trigger keeps (services/publisher/test/analytics-rollup.test.ts).
 */
export async function addPosts(seed: SeedPool, memberId: string, from: number, count: number): Promise<void> {
  const client = await seed.pool.connect();
  try {
    await client.query('SET session_replication_role = replica');
    await client.query(
      `WITH n AS (SELECT i, (i % 10 = 0) AS published, ((i::bigint * 7919) % 5000 + 1)::int AS impressions, ((i::bigint * 31) % 60)::int AS likes, i % 12 AS comments, i % 6 AS shares
                    FROM generate_series($2::int, $2::int + $3::int - 1) AS i),
            p AS (
              INSERT INTO posts (id, member_id, status, idea, body, published_at, network_post_urn, network_url,
                                 analytics_impressions, analytics_likes, analytics_comments, analytics_shares, analytics_engagement,
                                 analytics_engagement_rate, analytics_source, analytics_refreshed_at, analytics_next_refresh_at, created_at, updated_at)
              SELECT gen_random_uuid(), $1, CASE WHEN published THEN 'published' ELSE 'draft_saved' END::"PostStatus",
                     'Bench idea ' || i, 'Bench post ' || i || ': what we learned shipping every day.',
                     CASE WHEN published THEN now() - i * interval '1 second' END,
                     CASE WHEN published THEN 'urn:li:share:' || i END, CASE WHEN published THEN 'https://www.linkedin.com/feed/update/urn:li:share:' || i END,
                     CASE WHEN published THEN impressions ELSE 0 END, CASE WHEN published THEN likes ELSE 0 END,
                     CASE WHEN published THEN comments ELSE 0 END, CASE WHEN published THEN shares ELSE 0 END,
                     CASE WHEN published THEN likes + comments + shares ELSE 0 END,
                     CASE WHEN published THEN round((likes + comments + shares)::numeric / impressions, 4)::float8 ELSE 0 END,
                     CASE WHEN published THEN 'sandbox' END, CASE WHEN published THEN now() END,
                     CASE WHEN published THEN now() + interval '1 day' END,
                     now() - i * interval '1 second', now()
                FROM n
              RETURNING id, member_id, status, analytics_impressions, analytics_likes, analytics_comments, analytics_shares, analytics_engagement_rate
            )
       INSERT INTO post_analytics_snapshots (id, post_id, member_id, impressions, likes, comments, shares, engagement_rate, source, fetched_at)
       SELECT gen_random_uuid(), id, member_id, analytics_impressions, analytics_likes, analytics_comments, analytics_shares, analytics_engagement_rate, 'sandbox', now()
         FROM p WHERE status = 'published'`,
      [memberId, from, count],
    );
  } finally {
    await client.query('RESET session_replication_role');
    client.release();
  }
  await seed.pool.query(
    `INSERT INTO member_analytics (member_id, posts_published, impressions, likes, comments, shares, engagement_rate_sum)
     SELECT member_id, count(*), sum(analytics_impressions), sum(analytics_likes), sum(analytics_comments), sum(analytics_shares), sum(analytics_engagement_rate::numeric)
       FROM posts WHERE member_id = $1 AND status = 'published' GROUP BY member_id
     ON CONFLICT (member_id) DO UPDATE SET posts_published = EXCLUDED.posts_published, impressions = EXCLUDED.impressions, likes = EXCLUDED.likes,
       comments = EXCLUDED.comments, shares = EXCLUDED.shares, engagement_rate_sum = EXCLUDED.engagement_rate_sum`,
    [memberId],
  );
}

/** A member's other frequent reads: 200 ideas, 5 webhook endpoints, 100 deliveries on the first. Returns that endpoint's id. */
export async function addIdeasAndWebhooks(seed: SeedPool, memberId: string): Promise<string> {
  await seed.pool.query(
    `INSERT INTO ideas (id, member_id, title, angle, created_at, updated_at)
     SELECT gen_random_uuid(), $1, 'Bench idea ' || i, 'An angle', now() - i * interval '1 second', now() FROM generate_series(1, 200) AS i`,
    [memberId],
  );
  await seed.pool.query(
    `INSERT INTO webhook_endpoints (id, member_id, url, events, secret_enc, created_at, updated_at)
     SELECT gen_random_uuid(), $1, 'https://hooks.example.com/' || i, ARRAY['post.published'], 'not-a-real-secret', now() - i * interval '1 second', now()
       FROM generate_series(1, 5) AS i`,
    [memberId],
  );
  const endpoint = (await seed.pool.query<{ id: string }>('SELECT id FROM webhook_endpoints WHERE member_id = $1 ORDER BY created_at DESC LIMIT 1', [memberId])).rows[0]!.id;
  await seed.pool.query(
    `WITH e AS (
       INSERT INTO outbox_events (id, member_id, type, payload, created_at, relayed_at)
       SELECT gen_random_uuid(), $1, 'post.published', '{}'::jsonb, now() - i * interval '1 second', now() FROM generate_series(1, 100) AS i
       RETURNING id, created_at)
     INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event, status, attempts, response_code, created_at, updated_at)
     SELECT gen_random_uuid(), $2, id, 'post.published', 'success', 1, 200, created_at, now() FROM e`,
    [memberId, endpoint],
  );
  return endpoint;
}

/** Fresh statistics and visibility map after a bulk load, as autovacuum would make them. */
export const analyzeTables = async (seed: SeedPool): Promise<void> => {
  await seed.pool.query('VACUUM ANALYZE posts, post_analytics_snapshots, member_analytics, ideas, webhook_endpoints, webhook_deliveries');
};

/** A post of the member to read by id: the newest, and the newest published one. */
export async function samplePosts(seed: SeedPool, memberId: string): Promise<{ post: string; published: string }> {
  const newest = (await seed.pool.query<{ id: string }>('SELECT id FROM posts WHERE member_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1', [memberId])).rows[0]!.id;
  const published = (
    await seed.pool.query<{ id: string }>(`SELECT id FROM posts WHERE member_id = $1 AND status = 'published' ORDER BY created_at DESC, id DESC LIMIT 1`, [memberId])
  ).rows[0]!.id;
  return { post: newest, published };
}
