import { isUuid } from '@lps/common';
import { Keyring } from '@lps/crypto';
import { scopeList } from '@lps/config';
import { connectionsEndingBy, countFlaggedScheduledPosts, findMember, findNetworkConnection, isNetworkConnected, listConnectionsWithAnalytics, reconnectSandbox } from '@lps/db';
import { AnalyticsAppMissingError, LinkedInOAuth } from '@lps/network';
import { createOAuthLink } from '../members/create-oauth-link.js';
import { UsageError, type CommandContext } from './command.js';

/**
 * `lps member connect <member-id> [--replace] [--analytics] [--json]`: prints the LinkedIn authorize URL
 * (in the sandbox: connects the member at once, `connectInSandbox`).
 * The member opens it, approves, and LinkedIn sends the browser to
 * GET /oauth/linkedin/callback, which stores the tokens. The link works once, for 30 minutes.
 * A member already connected is told as whom; signing in as another LinkedIn person
 * replaces that connection only with `--replace`. `--analytics` links the optional
 * analytics app instead (LINKEDIN_ANALYTICS_*, Community Management API): its token is
 * stored beside the share connection and only reads analytics.
 */
export async function memberConnect(context: CommandContext): Promise<void> {
  const memberId = context.positionals[0];
  if (!memberId || !isUuid(memberId) || !(await findMember(context.db, memberId))) throw new UsageError(`usage: lps member connect <member-id> (no member ${memberId ?? ''})`);
  const { network, security } = context.config;
  if (network.mode !== 'linkedin') {
    await connectInSandbox(context, memberId);
    return;
  }
  const keyring = new Keyring(security.encryptionKey, security.previousEncryptionKeys);
  const replace = context.options.replace === true;
  const analytics = context.options.analytics === true;
  const oauth = new LinkedInOAuth(network.linkedin, analytics ? 'analytics' : 'share');
  if (analytics && !network.linkedin.analyticsApp) throw new UsageError(new AnalyticsAppMissingError().message);
  const url = oauth.authorizeUrl(await createOAuthLink(context.db, keyring, { memberId, replace, analytics }));
  if (analytics) {
    context.print(
      context.options.json
        ? JSON.stringify({ member_id: memberId, authorize_url: url, app: 'analytics' })
        : `Open this URL in a browser logged in as the member, to let the analytics app read their post statistics (valid once, for 30 minutes):\n${url}`,
    );
    return;
  }
  const current = await findNetworkConnection(context.db, memberId);
  const connectedAs = current?.personUrn && !current.disconnectedAt ? current.personUrn : null;
  if (context.options.json) {
    context.print(JSON.stringify({ member_id: memberId, authorize_url: url, connected_as: connectedAs, replace }));
    return;
  }
  if (connectedAs) {
    context.print(
      `Currently connected as ${connectedAs} (until ${current?.expiresAt?.toISOString() ?? 'no expiry'}). ` +
        (replace ? 'Signing in as another LinkedIn person will replace it.' : 'Signing in as another LinkedIn person is refused; use --replace to switch.'),
    );
  }
  context.print('Open this URL in a browser logged in as the member (valid once, for 30 minutes):');
  context.print(url);
}

/**
 * The sandbox's `member connect`: there is no LinkedIn to sign in to, so the operator's word is
 * the consent and the member is connected again at once (after DELETE /me/connection, say) —
 * what the sandbox's own self-service link does when opened. Connected already: said, unchanged.
 */
async function connectInSandbox(context: CommandContext, memberId: string): Promise<void> {
  if (context.options.analytics === true) throw new UsageError('LPS_NETWORK=sandbox has no analytics app: its analytics need no connection');
  const wasConnected = isNetworkConnected(await findNetworkConnection(context.db, memberId), 'sandbox');
  if (!wasConnected) await reconnectSandbox(context.db, memberId, new Date());
  if (context.options.json) {
    context.print(JSON.stringify({ member_id: memberId, network: 'sandbox', connected: true, was_connected: wasConnected }));
    return;
  }
  context.print(wasConnected ? `member ${memberId} is connected to the sandbox network already; nothing changed` : `member ${memberId} is connected to the sandbox network again`);
}

/**
 * `lps member connections [--json]`: LinkedIn grants, soonest expiry first, with their scopes;
 * flags those the member must renew within LPS_TOKEN_EXPIRY_WARNING and counts posts
 * scheduled after the connection ends (they carry a `last_error` saying so).
 */
export async function memberConnections(context: CommandContext): Promise<void> {
  const horizon = new Date(Date.now() + context.config.network.tokenExpiryWarningMs);
  const soon = new Set((await connectionsEndingBy(context.db, horizon)).map((entry) => entry.memberId));
  const rows = await listConnectionsWithAnalytics(context.db);
  const lateByMember = await countFlaggedScheduledPosts(context.db);
  const connections = rows.map((row) => {
    const analytics = row.member.analyticsConnection;
    return {
      member_id: row.memberId,
      display_name: row.member.displayName,
      provider: row.provider,
      connected: Boolean(row.connectedAt && !row.disconnectedAt),
      scopes: scopeList(row.scopes),
      expires_at: row.expiresAt?.toISOString() ?? null,
      refresh_expires_at: row.refreshTokenEnc ? (row.refreshExpiresAt?.toISOString() ?? null) : null,
      expires_soon: soon.has(row.memberId),
      disconnect_reason: row.disconnectReason,
      scheduled_after_expiry: lateByMember.get(row.memberId) ?? 0,
      analytics: analytics
        ? {
            connected: !analytics.disconnectedAt,
            scopes: scopeList(analytics.scopes),
            expires_at: analytics.expiresAt.toISOString(),
            disconnect_reason: analytics.disconnectReason,
          }
        : null,
    };
  });
  if (context.options.json) {
    context.print(JSON.stringify({ data: connections }));
    return;
  }
  if (connections.length === 0) context.print('no network connections yet: lps member connect <member-id>');
  for (const entry of connections) {
    const state = entry.connected ? `connected until ${entry.refresh_expires_at ?? entry.expires_at ?? 'no expiry'}` : `disconnected (${entry.disconnect_reason ?? 'unknown'})`;
    const analytics = entry.analytics ? `analytics ${entry.analytics.connected ? `until ${entry.analytics.expires_at}` : 'disconnected'}` : 'no analytics app';
    const late = entry.scheduled_after_expiry ? `  ${entry.scheduled_after_expiry} POST(S) SCHEDULED AFTER IT ENDS` : '';
    context.print(
      `${entry.member_id}  ${entry.display_name ?? ''}  ${entry.provider}  ${state}  ${analytics}${entry.expires_soon ? '  EXPIRES SOON: run lps member connect' : ''}${late}`,
    );
  }
}
