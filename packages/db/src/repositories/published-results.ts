import type { DbOrTx } from '../client.js';

/** One published post's result, as GET /schedule/suggestions weighs it. */
export interface PublishedResult {
  publishedAt: Date;
  impressions: number;
  /** likes + comments + shares */
  engagement: number;
}

/**
 * The member's published posts since `since` that have been seen at least once (impressions
 * from an analytics reading), newest first, at most `limit` (decision 0030).
 */
export const publishedResults = async (db: DbOrTx, memberId: string, since: Date, limit: number): Promise<PublishedResult[]> =>
  (
    await db.post.findMany({
      where: { memberId, status: 'published', publishedAt: { gte: since }, analyticsImpressions: { gt: 0 } },
      select: { publishedAt: true, analyticsImpressions: true, analyticsEngagement: true },
      orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
      take: limit,
    })
  ).map((row) => ({ publishedAt: row.publishedAt as Date, impressions: row.analyticsImpressions, engagement: row.analyticsEngagement }));
