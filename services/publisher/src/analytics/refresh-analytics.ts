import { isNetworkError, lookupAnalyticsAccount, markAnalyticsDisconnected, refreshPostAnalytics, type AccountLookup } from '@lps/network';
import type { PublisherContext } from '../publisher-context.js';
import { warnExpiringTokens } from './warn-expiring-tokens.js';

const RECENT_DAYS = 30;
const BATCH = 200;

/** The periodic refresh: recent published posts whose snapshot is older than LPS_ANALYTICS_MAX_AGE. */
export async function refreshRecentAnalytics(context: PublisherContext): Promise<string> {
  const { runtime, network } = context;
  const { db, config } = runtime;
  await warnExpiringTokens(context);
  const now = Date.now();
  const posts = await db.post.findMany({
    where: {
      status: 'published',
      networkPostUrn: { not: null },
      publishedAt: { gte: new Date(now - RECENT_DAYS * 86_400_000) },
      OR: [{ analyticsRefreshedAt: null }, { analyticsRefreshedAt: { lt: new Date(now - config.network.analyticsMaxAgeMs) } }],
    },
    select: { id: true, memberId: true, networkPostUrn: true },
    orderBy: { analyticsRefreshedAt: { sort: 'asc', nulls: 'first' } },
    take: BATCH,
  });
  const accounts = new Map<string, AccountLookup>();
  let refreshed = 0;
  for (const post of posts) {
    if (!accounts.has(post.memberId)) accounts.set(post.memberId, await lookupAnalyticsAccount(db, post.memberId, network.mode, runtime.keyring));
    const lookup = accounts.get(post.memberId) as AccountLookup;
    // No grant with the analytics scope: nothing is asked of LinkedIn, and nothing to warn about per post.
    if ('problem' in lookup) continue;
    try {
      await refreshPostAnalytics(db, network, lookup.account, { id: post.id, memberId: post.memberId, networkPostUrn: post.networkPostUrn as string });
      refreshed += 1;
    } catch (error) {
      if (!isNetworkError(error)) throw error;
      // A refused token stops this member's analytics until they connect again, instead of a warning per post per round.
      if (error.kind === 'unauthorized') {
        await markAnalyticsDisconnected(db, post.memberId, error.message);
        accounts.set(post.memberId, { problem: error.message });
      }
      context.log.warn('analytics refresh failed for a post', { post_id: post.id, kind: error.kind, error: error.message });
    }
  }
  return `refreshed ${refreshed} of ${posts.length}`;
}
