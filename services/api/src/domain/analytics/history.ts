import type { Needs } from '../deps.js';
import { getOwnedPost } from '../posts/find-post.js';

/**
 * GET /posts/{id}/analytics/history (decision 0040): every reading lps kept of the post's numbers
 * (post_analytics_snapshots), oldest first — LinkedIn gives no daily figures per post, so a chart of
 * one post over time is made of these. An unpublished or never-read post has none.
 */
export async function getAnalyticsHistory(deps: Needs<'readOwnedPost' | 'readAnalyticsHistory'>, memberId: string, id: string) {
  const post = await getOwnedPost(deps, memberId, id);
  const readings = await deps.repos.readAnalyticsHistory(post.id);
  return {
    data: readings.map((reading) => ({
      at: reading.at.toISOString(),
      impressions: reading.impressions,
      likes: reading.likes,
      comments: reading.comments,
      shares: reading.shares,
      engagement_rate: reading.engagementRate,
    })),
  };
}
