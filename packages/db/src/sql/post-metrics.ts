import type { Sql } from '../client.js';
import { runPrepared } from './run-prepared.js';

// A post's metrics in plain SQL (decision 0012). The newest snapshot's numbers live on the
// post row too, written by the statement that stores the snapshot; a trigger on `posts`
// (migration 20261125100000) carries every change of a published post's numbers or status
// into the member's `member_analytics` row in the same transaction.

export interface MeasuredPost {
  postId: string;
  memberId: string;
  impressions: number;
  membersReached: number | null;
  likes: number;
  comments: number;
  shares: number;
  /** Rounded to 4 decimals (docs/api.md), so the member's sum of rates is exact. */
  engagementRate: number;
  source: string;
  fetchedAt: Date;
  /** When the periodic refresh may read this post again. */
  nextRefreshAt: Date;
}

/**
 * Stores a snapshot and makes it the post's current numbers in one statement (so
 * atomically). A snapshot fetched before the post's current one (two refreshes
 * crossing) is kept as history but does not replace the newer numbers.
 */
export async function storePostMetrics(sql: Sql, measured: MeasuredPost): Promise<void> {
  await runPrepared(
    sql,
    'lps-store-post-metrics',
    `WITH s AS (
       INSERT INTO post_analytics_snapshots (id, post_id, member_id, impressions, members_reached, likes, comments, shares, engagement_rate, source, fetched_at)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       RETURNING *
     )
     UPDATE posts p
        SET analytics_impressions = s.impressions, analytics_likes = s.likes, analytics_comments = s.comments,
            analytics_shares = s.shares, analytics_engagement = s.likes + s.comments + s.shares,
            analytics_engagement_rate = s.engagement_rate, analytics_source = s.source,
            analytics_refreshed_at = s.fetched_at, analytics_next_refresh_at = $11, updated_at = s.fetched_at
       FROM s
      WHERE p.id = s.post_id AND (p.analytics_refreshed_at IS NULL OR p.analytics_refreshed_at <= s.fetched_at)`,
    [
      measured.postId,
      measured.memberId,
      measured.impressions,
      measured.membersReached,
      measured.likes,
      measured.comments,
      measured.shares,
      measured.engagementRate,
      measured.source,
      measured.fetchedAt,
      measured.nextRefreshAt,
    ],
  );
}

/** Leaves a post's numbers as they are and makes its next refresh wait until `until` (a failure, a missing token). */
export async function deferPostMetrics(sql: Sql, postId: string, until: Date): Promise<void> {
  await runPrepared(sql, 'lps-defer-post-metrics', 'UPDATE posts SET analytics_next_refresh_at = $2 WHERE id = $1', [postId, until]);
}

/**
 * A member's published posts that were never measured become due at once: they were
 * put off for a day while no grant could read them, and a new analytics grant can.
 */
export async function makeUnmeasuredPostsDue(sql: Sql, memberId: string): Promise<number> {
  const result = await runPrepared(
    sql,
    'lps-make-unmeasured-posts-due',
    `UPDATE posts SET analytics_next_refresh_at = NULL, updated_at = now()
      WHERE member_id = $1 AND status = 'published' AND analytics_refreshed_at IS NULL AND analytics_next_refresh_at IS NOT NULL`,
    [memberId],
  );
  return result.rowCount ?? 0;
}

/** A published post whose metrics can be read from the network. */
export interface MeasurablePost {
  id: string;
  memberId: string;
  networkPostUrn: string;
  publishedAt: Date;
}

interface MeasurableRow {
  id: string;
  member_id: string;
  network_post_urn: string;
  published_at: Date;
}

export interface DueQuery {
  now: Date;
  limit: number;
  /** Only this member's posts (a refresh asked for by GET /analytics). */
  memberId?: string;
  /** Only this post (a refresh asked for by GET /posts/{id}/analytics). */
  postId?: string;
}

const DUE = `status = 'published' AND network_post_urn IS NOT NULL AND published_at IS NOT NULL
  AND (analytics_next_refresh_at IS NULL OR analytics_next_refresh_at <= $1)`;

/** Published posts whose next refresh has come, the longest-waiting first (never refreshed: first of all). */
export async function postsDueForMetrics(sql: Sql, query: DueQuery): Promise<MeasurablePost[]> {
  const [name, filter, values] = query.postId
    ? ['lps-due-metrics-post', ' AND id = $3', [query.postId]]
    : query.memberId
      ? ['lps-due-metrics-member', ' AND member_id = $3', [query.memberId]]
      : ['lps-due-metrics', '', []];
  const result = await runPrepared<MeasurableRow>(
    sql,
    name,
    `SELECT id, member_id, network_post_urn, published_at FROM posts
      WHERE ${DUE}${filter}
      ORDER BY analytics_next_refresh_at ASC NULLS FIRST LIMIT $2`,
    [query.now, query.limit, ...values],
  );
  return result.rows.map((row) => ({ id: row.id, memberId: row.member_id, networkPostUrn: row.network_post_urn, publishedAt: row.published_at }));
}
