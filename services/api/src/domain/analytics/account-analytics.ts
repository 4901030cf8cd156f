import { kpisToWire, postToWire } from '@lps/db';
import type { Needs } from '../deps.js';
import { askForRefresh } from './ask-for-refresh.js';

/**
 * GET /analytics: the member's KPIs from their rollup row and top_posts by engagement
 * (likes + comments + shares) from an index, the same cost at 100 or 100,000 published
 * posts (decision 0012). A refresh of the member's due posts is enqueued, never awaited.
 */
export async function getAccountAnalytics(deps: Needs<'readMemberAnalytics', 'queues' | 'request'>, memberId: string, _input: Record<string, never> = {}) {
  const { kpis, topPosts } = await deps.repos.readMemberAnalytics(memberId);
  if (kpis.postsPublished > 0) await askForRefresh(deps, 'refresh-analytics', { memberId });
  return { kpis: kpisToWire(kpis), top_posts: topPosts.map(postToWire) };
}
