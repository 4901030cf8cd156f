import { isNetworkConnected, reconnectDeadline } from '@lps/db';
import type { Needs } from '../deps.js';

/**
 * GET /me/connection: each of the member's grants as a connect page shows it: connected or not,
 * until when, and why it ended. `analytics` is null where the analytics app is not configured.
 */
export async function getConnection({ repos, config }: Needs<'findNetworkConnection' | 'findAnalyticsConnection', 'config'>, memberId: string, now = new Date()) {
  const mode = config.network.mode;
  const offersAnalytics = mode === 'linkedin' && Boolean(config.network.linkedin.analyticsApp);
  const [share, analytics] = await Promise.all([repos.findNetworkConnection(memberId), offersAnalytics ? repos.findAnalyticsConnection(memberId) : null]);
  const shareConnected = isNetworkConnected(share, mode, now);
  const shareLive = share?.provider === mode && !share.disconnectedAt && share.connectedAt;
  return {
    connection: {
      network: mode,
      share: {
        connected: shareConnected,
        person_urn: share?.provider === mode ? share.personUrn : null,
        expires_at: shareLive ? (reconnectDeadline(share)?.toISOString() ?? null) : null,
        disconnect_reason: share?.provider === mode ? share.disconnectReason : null,
      },
      analytics: offersAnalytics
        ? {
            connected: Boolean(analytics && !analytics.disconnectedAt && analytics.expiresAt > now),
            expires_at: analytics && !analytics.disconnectedAt ? (reconnectDeadline(analytics)?.toISOString() ?? null) : null,
            disconnect_reason: analytics?.disconnectReason ?? null,
          }
        : null,
    },
  };
}
