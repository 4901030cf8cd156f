import type { Repositories } from '@lps/db';
import type { Network, NetworkAccount, PostMetrics } from '@lps/network';

/** docs/api.md: (likes + comments + shares) / impressions, 4 decimals, 0 without impressions. */
export const engagementRate = (metrics: Pick<PostMetrics, 'impressions' | 'likes' | 'comments' | 'shares'>): number =>
  metrics.impressions > 0 ? Math.round(((metrics.likes + metrics.comments + metrics.shares) / metrics.impressions) * 10_000) / 10_000 : 0;

/**
 * Reads a published post's metrics from the network and keeps them as a new snapshot
 * (growth over time), which also becomes the post's current numbers (decision 0012).
 */
export async function refreshPostAnalytics(
  repos: Pick<Repositories, 'storePostMetrics'>,
  network: Network,
  account: NetworkAccount,
  post: { id: string; memberId: string; networkPostUrn: string },
  nextRefreshAt: (fetchedAt: Date) => Date,
): Promise<PostMetrics> {
  const metrics = await network.postAnalytics(account, post.networkPostUrn);
  const fetchedAt = new Date();
  await repos.storePostMetrics({
    postId: post.id,
    memberId: post.memberId,
    ...metrics,
    engagementRate: engagementRate(metrics),
    source: network.mode,
    fetchedAt,
    nextRefreshAt: nextRefreshAt(fetchedAt),
  });
  return metrics;
}
