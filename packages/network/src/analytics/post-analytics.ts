import type { DbOrTx, PostAnalyticsSnapshot } from '@lps/db';
import type { Network, NetworkAccount, PostMetrics } from '../network.js';

/** decisions.md: (likes + comments + shares) / impressions, 4 decimals, 0 without impressions. */
export const engagementRate = (metrics: Pick<PostMetrics, 'impressions' | 'likes' | 'comments' | 'shares'>): number =>
  metrics.impressions > 0 ? Math.round(((metrics.likes + metrics.comments + metrics.shares) / metrics.impressions) * 10_000) / 10_000 : 0;

export const latestSnapshot = (db: DbOrTx, postId: string): Promise<PostAnalyticsSnapshot | null> =>
  db.postAnalyticsSnapshot.findFirst({ where: { postId }, orderBy: { fetchedAt: 'desc' } });

/** Reads a published post's metrics from the network and keeps them as a new snapshot (growth over time). */
export async function refreshPostAnalytics(
  db: DbOrTx,
  network: Network,
  account: NetworkAccount,
  post: { id: string; memberId: string; networkPostUrn: string },
): Promise<PostAnalyticsSnapshot> {
  const metrics = await network.postAnalytics(account, post.networkPostUrn);
  const fetchedAt = new Date();
  const snapshot = await db.postAnalyticsSnapshot.create({
    data: {
      postId: post.id,
      memberId: post.memberId,
      impressions: metrics.impressions,
      membersReached: metrics.membersReached,
      likes: metrics.likes,
      comments: metrics.comments,
      shares: metrics.shares,
      engagementRate: engagementRate(metrics),
      source: network.mode,
      fetchedAt,
    },
  });
  await db.post.updateMany({ where: { id: post.id }, data: { analyticsRefreshedAt: fetchedAt } });
  return snapshot;
}
