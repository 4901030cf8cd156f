import { isNetworkError, latestSnapshot, lookupAnalyticsAccount, refreshPostAnalytics } from '@lps/network';
import type { Post, PostAnalyticsSnapshot } from '@lps/db';
import type { UseCaseDeps } from '../deps.js';
import { getOwnedPost } from '../posts/find-post.js';

export interface PostAnalyticsInput {
  id: string;
}

export function analyticsToWire(postId: string, snapshot: PostAnalyticsSnapshot | null) {
  return {
    post_id: postId,
    impressions: snapshot?.impressions ?? 0,
    likes: snapshot?.likes ?? 0,
    comments: snapshot?.comments ?? 0,
    shares: snapshot?.shares ?? 0,
    engagement_rate: snapshot?.engagementRate ?? 0,
    refreshed_at: snapshot?.fetchedAt.toISOString() ?? null,
    source: snapshot?.source ?? 'none',
  };
}

/**
 * The newest metrics of a published post: read again from the network when the
 * stored snapshot is older than LPS_ANALYTICS_MAX_AGE (and the network answers),
 * else the stored snapshot. A network that refuses (no analytics scope, outage)
 * leaves the stored numbers and their `refreshed_at`: nothing is invented.
 */
export async function freshSnapshot({ runtime, services, request }: UseCaseDeps, post: Post): Promise<PostAnalyticsSnapshot | null> {
  const stored = await latestSnapshot(runtime.db, post.id);
  if (post.status !== 'published' || !post.networkPostUrn) return stored;
  if (stored && Date.now() - stored.fetchedAt.getTime() < runtime.config.network.analyticsMaxAgeMs) return stored;
  const lookup = await lookupAnalyticsAccount(runtime.db, post.memberId, services.network.mode, runtime.keyring);
  if ('problem' in lookup) return stored;
  try {
    return await refreshPostAnalytics(runtime.db, services.network, lookup.account, { id: post.id, memberId: post.memberId, networkPostUrn: post.networkPostUrn });
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    request.log.warn('analytics could not be refreshed; serving the stored snapshot', { post_id: post.id, kind: error.kind, error: error.message });
    return stored;
  }
}

/** GET /posts/{id}/analytics: an unpublished post answers zeros (decisions.md). */
export async function getPostAnalytics(deps: UseCaseDeps, memberId: string, input: PostAnalyticsInput) {
  const post = await getOwnedPost(deps.runtime.db, memberId, input.id);
  if (post.status !== 'published') return analyticsToWire(post.id, null);
  return analyticsToWire(post.id, await freshSnapshot(deps, post));
}
