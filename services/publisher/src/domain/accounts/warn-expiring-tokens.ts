import { notifyConnectionEnds } from './notify-connection-ends.js';
import { refreshExpiringTokens, type TokenRefreshNeeds } from './refresh-expiring-tokens.js';
import type { Needs } from '../publisher-context.js';

/** The token round's needs: the refresh's, the notices', and the two reads of what is ending. */
export type TokenRoundNeeds = TokenRefreshNeeds &
  Needs<'grantsEndingBy' | 'recordConnectionNotice' | 'connectionsEndingBy' | 'flagPostsScheduledPastReconnect', 'config' | 'keyring' | 'announceEvents' | 'log'>;

/**
 * LinkedIn tokens live 60 days. Each round: renew those LinkedIn gave a refresh token for
 * (before they run out, within LPS_TOKEN_EXPIRY_WARNING); tell the member's endpoints about
 * grants ending or ended (connection.* events); warn about those the member must renew by
 * signing in again; and mark posts scheduled after a connection ends with a `last_error`
 * naming that end, weeks ahead instead of failing on the day.
 */
export async function warnExpiringTokens(context: TokenRoundNeeds): Promise<void> {
  const { repos, config, keyring, log } = context;
  if (config.network.mode !== 'linkedin') return;
  for (const outcome of await refreshExpiringTokens(context, config.network.linkedin, keyring, config.network.tokenExpiryWarningMs)) {
    if (outcome.error) log.warn('LinkedIn refused to refresh a token', { member_id: outcome.memberId, grant: outcome.grant, error: outcome.error });
    else log.info('LinkedIn token refreshed', { member_id: outcome.memberId, grant: outcome.grant, expires_at: outcome.expiresAt?.toISOString() });
  }
  await notifyConnectionEnds(context);
  for (const connection of await repos.connectionsEndingBy(new Date(Date.now() + config.network.tokenExpiryWarningMs))) {
    log.warn('LinkedIn token expires soon: reconnect with `lps member connect <member-id>`', {
      member_id: connection.memberId,
      expires_at: connection.expiresAt?.toISOString(),
    });
  }
  for (const post of await repos.flagPostsScheduledPastReconnect()) {
    log.warn("post scheduled after its member's LinkedIn connection ends", { post_id: post.id, member_id: post.memberId, connection_ends_at: post.deadline.toISOString() });
  }
}
