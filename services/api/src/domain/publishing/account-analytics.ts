import { postToWire } from '@lps/db';
import type { UseCaseDeps } from '../deps.js';
import { freshSnapshot } from './post-analytics.js';

const TOP_POSTS = 5;
const REFRESH_ON_READ = 10;

interface Row {
  id: string;
  impressions: number;
  likes: number;
  comments: number;
  shares: number;
  engagement_rate: number;
  published_at: Date | null;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** The newest snapshot of each published post of the member (no snapshot yet counts as zeros). */
const latestPerPost = (deps: UseCaseDeps, memberId: string) =>
  deps.runtime.db.$queryRaw<Row[]>`
    SELECT p.id, p.published_at,
           COALESCE(s.impressions, 0) AS impressions, COALESCE(s.likes, 0) AS likes,
           COALESCE(s.comments, 0) AS comments, COALESCE(s.shares, 0) AS shares,
           COALESCE(s.engagement_rate, 0) AS engagement_rate
    FROM posts p
    LEFT JOIN LATERAL (
      SELECT * FROM post_analytics_snapshots s WHERE s.post_id = p.id ORDER BY s.fetched_at DESC LIMIT 1
    ) s ON true
    WHERE p.member_id = ${memberId}::uuid AND p.status = 'published'`;

/** Refreshes a few of the stalest posts first, so the totals are recent without one network call per post. */
async function refreshStalest(deps: UseCaseDeps, memberId: string): Promise<void> {
  const cutoff = new Date(Date.now() - deps.runtime.config.network.analyticsMaxAgeMs);
  const stale = await deps.runtime.db.post.findMany({
    where: { memberId, status: 'published', OR: [{ analyticsRefreshedAt: null }, { analyticsRefreshedAt: { lt: cutoff } }] },
    orderBy: { analyticsRefreshedAt: { sort: 'asc', nulls: 'first' } },
    take: REFRESH_ON_READ,
  });
  for (const post of stale) await freshSnapshot(deps, post);
}

/** GET /analytics: kpis with exactly decisions.md's keys and top_posts by engagement (likes + comments + shares). */
export async function getAccountAnalytics(deps: UseCaseDeps, memberId: string, _input: Record<string, never> = {}) {
  await refreshStalest(deps, memberId);
  const rows = await latestPerPost(deps, memberId);
  const sum = (key: 'impressions' | 'likes' | 'comments' | 'shares') => rows.reduce((total, row) => total + Number(row[key]), 0);
  const kpis = {
    posts_published: rows.length,
    impressions: sum('impressions'),
    likes: sum('likes'),
    comments: sum('comments'),
    shares: sum('shares'),
    avg_engagement_rate: rows.length ? round4(rows.reduce((total, row) => total + Number(row.engagement_rate), 0) / rows.length) : 0,
  };
  const engagement = (row: Row) => Number(row.likes) + Number(row.comments) + Number(row.shares);
  const topIds = [...rows]
    .sort((a, b) => engagement(b) - engagement(a) || Number(b.impressions) - Number(a.impressions) || (b.published_at?.getTime() ?? 0) - (a.published_at?.getTime() ?? 0))
    .slice(0, TOP_POSTS)
    .map((row) => row.id);
  const posts = await deps.runtime.db.post.findMany({ where: { id: { in: topIds }, memberId } });
  const byId = new Map(posts.map((post) => [post.id, post]));
  return { kpis, top_posts: topIds.flatMap((id) => (byId.has(id) ? [postToWire(byId.get(id)!)] : [])) };
}
