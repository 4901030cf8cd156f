import { isoOrNull } from '@lps/common';
import type { Post } from '../generated/prisma/client.js';
import type { MemberKpis } from '../sql/reads/analytics-reads.js';

/** The PostAnalytics resource from the post's current numbers (its newest snapshot's, decision 0012); zeros until published. */
export const postAnalyticsToWire = (post: Post) => {
  const measured = post.status === 'published';
  return {
    post_id: post.id,
    impressions: measured ? post.analyticsImpressions : 0,
    likes: measured ? post.analyticsLikes : 0,
    comments: measured ? post.analyticsComments : 0,
    shares: measured ? post.analyticsShares : 0,
    engagement_rate: measured ? post.analyticsEngagementRate : 0,
    refreshed_at: measured ? isoOrNull(post.analyticsRefreshedAt) : null,
    source: (measured ? post.analyticsSource : null) ?? 'none',
  };
};

/** GET /analytics's kpis with exactly docs/api.md's keys. */
export const kpisToWire = (kpis: MemberKpis) => ({
  posts_published: kpis.postsPublished,
  impressions: kpis.impressions,
  likes: kpis.likes,
  comments: kpis.comments,
  shares: kpis.shares,
  avg_engagement_rate: kpis.avgEngagementRate,
});
