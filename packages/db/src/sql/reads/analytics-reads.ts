import type { Sql } from '../../client.js';
import type { Post } from '../../generated/prisma/client.js';
import { runPrepared } from '../run-prepared.js';
import { postFromRow, type PostRow } from '../rows/post-row.js';

/** A member's KPIs over their published posts, from the rollup row. */
export interface MemberKpis {
  postsPublished: number;
  impressions: number;
  likes: number;
  comments: number;
  shares: number;
  avgEngagementRate: number;
}

interface KpiRow {
  posts_published: number;
  impressions: string;
  likes: string;
  comments: string;
  shares: string;
  avg_engagement_rate: number;
}

export const TOP_POSTS = 5;

/** A member with nothing published has no rollup row yet: zeros. */
export const NO_KPIS: MemberKpis = { postsPublished: 0, impressions: 0, likes: 0, comments: 0, shares: 0, avgEngagementRate: 0 };

/**
 * GET /analytics's reads (decision 0012): the member's rollup row and their five most
 * engaging published posts through the index on (member, status, engagement, …) —
 * two index lookups, whatever the history. Ties: impressions, then newest, then id.
 */
export async function readMemberAnalytics(sql: Sql, memberId: string): Promise<{ kpis: MemberKpis; topPosts: Post[] }> {
  const [kpis, top] = await Promise.all([
    runPrepared<KpiRow>(
      sql,
      'lps-read-member-kpis',
      `SELECT posts_published, impressions, likes, comments, shares,
              COALESCE(round(engagement_rate_sum / NULLIF(posts_published, 0), 4), 0)::float8 AS avg_engagement_rate
         FROM member_analytics WHERE member_id = $1`,
      [memberId],
    ),
    runPrepared<PostRow>(
      sql,
      'lps-read-top-posts',
      `SELECT * FROM posts WHERE member_id = $1 AND status = 'published'
        ORDER BY analytics_engagement DESC, analytics_impressions DESC, published_at DESC, id DESC LIMIT $2`,
      [memberId, TOP_POSTS],
    ),
  ]);
  const row = kpis.rows[0];
  return {
    kpis: row
      ? {
          postsPublished: row.posts_published,
          impressions: Number(row.impressions),
          likes: Number(row.likes),
          comments: Number(row.comments),
          shares: Number(row.shares),
          avgEngagementRate: row.avg_engagement_rate,
        }
      : NO_KPIS,
    topPosts: top.rows.map(postFromRow),
  };
}
