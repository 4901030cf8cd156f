import { postAnalyticsToWire, type Post } from '@lps/db';
import type { Needs } from '../deps.js';
import { getOwnedPost } from '../posts/find-post.js';
import { askForRefresh } from './ask-for-refresh.js';

export interface PostAnalyticsInput {
  id: string;
}

/** Due: published on the network and its next refresh has come (never measured: due at once). */
const refreshIsDue = (post: Post, now: Date): boolean =>
  post.status === 'published' && post.networkPostUrn !== null && (post.analyticsNextRefreshAt === null || post.analyticsNextRefreshAt <= now);

/**
 * GET /posts/{id}/analytics: the stored numbers with their `refreshed_at`, at once; when
 * they are due, a refresh is enqueued for the publisher. An unpublished post answers zeros (docs/api.md).
 */
export async function getPostAnalytics(deps: Needs<'readOwnedPost', 'queues' | 'request'>, memberId: string, input: PostAnalyticsInput) {
  const post = await getOwnedPost(deps, memberId, input.id);
  if (refreshIsDue(post, new Date())) await askForRefresh(deps, 'refresh-post-analytics', { postId: post.id });
  return postAnalyticsToWire(post);
}
