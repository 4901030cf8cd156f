import { isNetworkConnected } from '@lps/db';
import { analyticsGrantOf, ANALYTICS_SCOPE } from '@lps/network';
import type { Needs } from '../deps.js';

/** Whether the member's numbers can exist at all, and where they come from (decision 0040). */
export type AnalyticsAvailability = { available: true; source: 'sandbox' | 'linkedin'; reason: null } | { available: false; source: null; reason: string };

const CONNECT = `connect the analytics app (the "analytics" link of POST /me/connection/links, or the operator's lps member connect <member-id> --analytics)`;

/**
 * The sandbox's numbers are synthetic and always there. LinkedIn gives a member's post analytics
 * only to a token carrying r_member_postAnalytics (the Community Management app, decision 0014):
 * without one, nothing is ever read and no number exists — said in words, never shown as zeros.
 */
export async function analyticsAvailability(
  { repos, config }: Needs<'findNetworkConnection' | 'findAnalyticsConnection', 'config'>,
  memberId: string,
  now = new Date(),
): Promise<AnalyticsAvailability> {
  if (config.network.mode === 'sandbox') return { available: true, source: 'sandbox', reason: null };
  const [share, analytics] = await Promise.all([repos.findNetworkConnection(memberId), repos.findAnalyticsConnection(memberId)]);
  if (analyticsGrantOf({ analytics, share, shareUsable: isNetworkConnected(share, 'linkedin', now) }, now)) return { available: true, source: 'linkedin', reason: null };
  if (!config.network.linkedin.analyticsApp) {
    return {
      available: false,
      source: null,
      reason: `LinkedIn gives post analytics only to an app with the Community Management API (${ANALYTICS_SCOPE}), and this lps has none configured (LINKEDIN_ANALYTICS_CLIENT_ID): no analytics can be read. The operator can add one (docs/linkedin/connecting-and-analytics.md).`,
    };
  }
  if (analytics && (analytics.disconnectedAt || analytics.expiresAt <= now)) {
    const why = analytics.disconnectReason ?? (analytics.disconnectedAt ? 'it was disconnected' : `it expired on ${analytics.expiresAt.toISOString()}`);
    return { available: false, source: null, reason: `The member's LinkedIn analytics grant has ended (${why}): ${CONNECT} again.` };
  }
  return { available: false, source: null, reason: `LinkedIn's analytics need a grant of their own (${ANALYTICS_SCOPE}), which the member has not given yet: ${CONNECT}.` };
}

interface Counts {
  impressions: number;
  likes: number;
  comments: number;
  shares: number;
}

/** The counts as the wire shows them: themselves where analytics can be read, null where they cannot (never a made-up zero). */
export const countsIfMeasured = (measured: boolean, counts: Counts) => ({
  impressions: measured ? counts.impressions : null,
  likes: measured ? counts.likes : null,
  comments: measured ? counts.comments : null,
  shares: measured ? counts.shares : null,
});
