import type { Sql } from '../../client.js';
import { runPrepared } from '../run-prepared.js';
import { NO_KPIS, type MemberKpis } from './analytics-reads.js';
import { OPENING_SQL, postTitle } from '../../wire/post-title.js';

// The analytics page's reads (decision 0040): a period's KPIs against the one before, the published
// posts of a period with their numbers, one post's own snapshots over time. Plain SQL on the pool,
// each bounded by the member's (member_id, published_at) or the snapshots' (post_id, fetched_at) index.

/** KPIs of the posts published in one period, over each post's newest numbers: GET /analytics's, for a period. */
export type PeriodKpis = MemberKpis;

interface PeriodRow {
  current: boolean;
  posts: number;
  impressions: string;
  likes: string;
  comments: string;
  shares: string;
  rate: number;
}

/** The posts published from `currentFrom` on, and those of the period before it (`previousFrom` to `currentFrom`), in one statement. */
export async function readPeriodKpis(sql: Sql, memberId: string, previousFrom: Date, currentFrom: Date): Promise<{ current: PeriodKpis; previous: PeriodKpis }> {
  const { rows } = await runPrepared<PeriodRow>(
    sql,
    'lps-read-period-kpis',
    `SELECT p.published_at >= $3 AS current, count(*)::int AS posts,
            sum(p.analytics_impressions) AS impressions, sum(p.analytics_likes) AS likes,
            sum(p.analytics_comments) AS comments, sum(p.analytics_shares) AS shares,
            round(avg(p.analytics_engagement_rate)::numeric, 4)::float8 AS rate
       FROM posts p
      WHERE p.member_id = $1 AND p.status = 'published' AND p.published_at >= $2
      GROUP BY 1`,
    [memberId, previousFrom, currentFrom],
  );
  const kpis = (current: boolean): PeriodKpis => {
    const row = rows.find((candidate) => candidate.current === current);
    return row
      ? {
          postsPublished: row.posts,
          impressions: Number(row.impressions),
          likes: Number(row.likes),
          comments: Number(row.comments),
          shares: Number(row.shares),
          avgEngagementRate: row.rate,
        }
      : NO_KPIS;
  };
  return { current: kpis(true), previous: kpis(false) };
}

export const ANALYTICS_SORTS = ['published_at', 'impressions', 'engagement_rate'] as const;
export type AnalyticsSort = (typeof ANALYTICS_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

/** A published post with its newest numbers. */
export interface PublishedPostNumbers {
  postId: string;
  title: string;
  publishedAt: Date;
  networkUrl: string | null;
  impressions: number;
  likes: number;
  comments: number;
  shares: number;
  engagementRate: number;
  refreshedAt: Date | null;
}

/** Where a page ended: the sort column's value and the id (ties). */
export interface SortPosition {
  value: number | Date;
  id: string;
}

const SORT_COLUMN: Record<AnalyticsSort, string> = {
  published_at: 'p.published_at',
  impressions: 'p.analytics_impressions',
  engagement_rate: 'p.analytics_engagement_rate',
};
const SORT_TYPE: Record<AnalyticsSort, string> = { published_at: 'timestamptz', impressions: 'int', engagement_rate: 'float8' };

interface NumbersRow {
  id: string;
  opening: string | null;
  published_at: Date;
  network_url: string | null;
  analytics_impressions: number;
  analytics_likes: number;
  analytics_comments: number;
  analytics_shares: number;
  analytics_engagement_rate: number;
  analytics_refreshed_at: Date | null;
}

/** One statement text per sort, order and page (each planned for its shape); the sort is one of three names, never the caller's text. */
function pageStatement(sort: AnalyticsSort, order: SortOrder, after: boolean) {
  const column = SORT_COLUMN[sort];
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  const beyond = order === 'asc' ? '>' : '<';
  return {
    name: `lps-read-published-numbers-${sort}-${order}${after ? '-after' : ''}`,
    text: `SELECT p.id, ${OPENING_SQL('p.body')} AS opening, p.published_at, p.network_url, p.analytics_impressions, p.analytics_likes,
                  p.analytics_comments, p.analytics_shares, p.analytics_engagement_rate, p.analytics_refreshed_at
             FROM posts p
            WHERE p.member_id = $1 AND p.status = 'published' AND p.published_at >= $2
                  ${after ? `AND (${column}, p.id) ${beyond} ($4::${SORT_TYPE[sort]}, $5::uuid)` : ''}
            ORDER BY ${column} ${direction}, p.id ${direction}
            LIMIT $3`,
  };
}

/** A page of the member's posts published since `since`, sorted, with their numbers (keyset over the sort value and id). */
export async function readPublishedNumbers(
  sql: Sql,
  memberId: string,
  query: { since: Date; sort: AnalyticsSort; order: SortOrder; limit: number; after?: SortPosition },
): Promise<{ items: PublishedPostNumbers[]; next: SortPosition | null }> {
  const { name, text } = pageStatement(query.sort, query.order, query.after !== undefined);
  const values: unknown[] = [memberId, query.since, query.limit + 1, ...(query.after ? [query.after.value, query.after.id] : [])];
  const { rows } = await runPrepared<NumbersRow>(sql, name, text, values);
  const items = rows.slice(0, query.limit).map((row) => ({
    postId: row.id,
    title: postTitle(row.opening),
    publishedAt: row.published_at,
    networkUrl: row.network_url,
    impressions: row.analytics_impressions,
    likes: row.analytics_likes,
    comments: row.analytics_comments,
    shares: row.analytics_shares,
    engagementRate: row.analytics_engagement_rate,
    refreshedAt: row.analytics_refreshed_at,
  }));
  const last = items.at(-1);
  const valueOf = (item: PublishedPostNumbers) => (query.sort === 'published_at' ? item.publishedAt : query.sort === 'impressions' ? item.impressions : item.engagementRate);
  return { items, next: rows.length > query.limit && last ? { value: valueOf(last), id: last.postId } : null };
}

/** One reading of a post's numbers, as lps stored it. */
export interface AnalyticsReading {
  at: Date;
  impressions: number;
  likes: number;
  comments: number;
  shares: number;
  engagementRate: number;
}

/** At most this many readings of one post (its newest), oldest first: a post is read again after a seventh of its age, so a year holds far fewer. */
export const HISTORY_MAX_READINGS = 500;

/** The post's snapshots, oldest first (the newest HISTORY_MAX_READINGS), by the index on (post_id, fetched_at). */
export async function readAnalyticsHistory(sql: Sql, postId: string): Promise<AnalyticsReading[]> {
  const { rows } = await runPrepared<{ fetched_at: Date; impressions: number; likes: number; comments: number; shares: number; engagement_rate: number }>(
    sql,
    'lps-read-analytics-history',
    `SELECT fetched_at, impressions, likes, comments, shares, engagement_rate
       FROM post_analytics_snapshots WHERE post_id = $1 ORDER BY fetched_at DESC LIMIT $2`,
    [postId, HISTORY_MAX_READINGS],
  );
  return rows.reverse().map((row) => ({
    at: row.fetched_at,
    impressions: row.impressions,
    likes: row.likes,
    comments: row.comments,
    shares: row.shares,
    engagementRate: row.engagement_rate,
  }));
}
