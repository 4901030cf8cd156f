import type { DueQuery } from '@lps/db';
import { isNetworkError } from '@lps/network';
import { lookupAnalyticsAccount, type AccountLookup } from '../accounts/network-accounts.js';
import { revokeRefusedGrant } from '../accounts/revoke-refused-grant.js';
import type { Needs } from '../publisher-context.js';
import { refreshPostAnalytics } from './refresh-post-analytics.js';
import { nextRefreshAt, retryRefreshAt, retryUnmeasurableAt } from './refresh-schedule.js';
import { warnExpiringTokens, type TokenRoundNeeds } from '../accounts/warn-expiring-tokens.js';

/** Posts per round: the periodic one over everyone, or one member's asked for by GET /analytics. */
const ROUND = 200;
const MEMBER_ROUND = 50;

export type RefreshScope = { memberId?: string; postId?: string };

/** A refresh's needs: the due posts, the member's grants, the metrics written, a refused grant revoked, the quota pause. */
export type AnalyticsRefreshNeeds = Needs<
  'postsDueForMetrics' | 'deferPostMetrics' | 'storePostMetrics' | 'findNetworkConnection' | 'findAnalyticsConnection' | 'revokeGrant',
  'analyticsPause' | 'network' | 'config' | 'keyring' | 'announceEvents' | 'log'
>;

/**
 * Reads the metrics of published posts whose next refresh has come (decision 0012),
 * the longest-waiting first. The first 429 ends the round and pauses every refresh
 * until LinkedIn's daily reset; any other failure only moves that post's next refresh.
 */
export async function refreshDueAnalytics(context: AnalyticsRefreshNeeds, scope: RefreshScope = {}): Promise<string> {
  const { repos, analyticsPause, network, config, keyring, log } = context;
  const pausedUntil = await analyticsPause.refreshesPausedUntil();
  if (pausedUntil) return `paused until ${pausedUntil.toISOString()} (429)`;
  const now = new Date();
  const query: DueQuery = { now, limit: scope.postId ? 1 : scope.memberId ? MEMBER_ROUND : ROUND, ...scope };
  const posts = await repos.postsDueForMetrics(query);
  const maxAgeMs = config.network.analyticsMaxAgeMs;
  const accounts = new Map<string, AccountLookup>();
  let refreshed = 0;
  for (const post of posts) {
    const lookup = accounts.get(post.memberId) ?? (await lookupAnalyticsAccount(repos, post.memberId, network.mode, keyring));
    accounts.set(post.memberId, lookup);
    // No grant with the analytics scope: nothing is asked of LinkedIn, nothing is warned about per post,
    // and the post waits until a grant may have come.
    if ('problem' in lookup) {
      await repos.deferPostMetrics(post.id, retryUnmeasurableAt(now));
      continue;
    }
    try {
      await refreshPostAnalytics(repos, network, lookup.account, post, (fetchedAt) => nextRefreshAt(post.publishedAt, fetchedAt, maxAgeMs));
      refreshed += 1;
    } catch (error) {
      if (!isNetworkError(error)) throw error;
      if (error.status === 429) {
        const until = await analyticsPause.pauseRefreshes(error);
        log.warn('LinkedIn answered 429: analytics refreshes pause until the daily quota resets', { post_id: post.id, until: until.toISOString() });
        return `refreshed ${refreshed} of ${posts.length}; paused until ${until.toISOString()} (429)`;
      }
      // A refused token stops this member's analytics until they connect again, instead of a warning per post per round.
      if (error.kind === 'unauthorized') {
        await revokeRefusedGrant(context, 'analytics', post.memberId, error.message);
        accounts.set(post.memberId, { problem: error.message });
      }
      log.warn('analytics refresh failed for a post', { post_id: post.id, kind: error.kind, error: error.message });
      await repos.deferPostMetrics(post.id, retryRefreshAt(error, post.publishedAt, now, maxAgeMs));
    }
  }
  return `refreshed ${refreshed} of ${posts.length}`;
}

/** The periodic job (and a member's round): tokens about to expire are named first, as before. */
export async function refreshAnalyticsRound(context: AnalyticsRefreshNeeds & TokenRoundNeeds, memberId?: string): Promise<string> {
  if (!memberId) await warnExpiringTokens(context);
  return refreshDueAnalytics(context, memberId ? { memberId } : {});
}
