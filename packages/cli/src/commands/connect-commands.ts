import { isUuid } from '@lps/common';
import { Keyring } from '@lps/crypto';
import { findMember } from '@lps/db';
import { createOAuthState, expiringConnections, LinkedInOAuth } from '@lps/network';
import { UsageError, type CommandContext } from './command.js';

/**
 * `lps member connect <member-id> [--replace] [--json]`: prints the LinkedIn authorize URL.
 * The member opens it, approves, and LinkedIn sends the browser to
 * GET /oauth/linkedin/callback, which stores the tokens. The link works once, for 30 minutes.
 * A member already connected is told as whom; signing in as another LinkedIn person
 * replaces that connection only with `--replace`.
 */
export async function memberConnect(context: CommandContext): Promise<void> {
  const memberId = context.positionals[0];
  if (!memberId || !isUuid(memberId) || !(await findMember(context.db, memberId))) throw new UsageError(`usage: lps member connect <member-id> (no member ${memberId ?? ''})`);
  const { network, security } = context.config;
  if (network.mode !== 'linkedin') {
    context.print('LPS_NETWORK=sandbox: members are connected to the simulated network when they are created; nothing to do.');
    return;
  }
  const keyring = new Keyring(security.encryptionKey, security.previousEncryptionKeys);
  const replace = context.options.replace === true;
  const state = await createOAuthState(context.db, keyring, memberId, new Date(), { replace });
  const url = new LinkedInOAuth(network.linkedin).authorizeUrl(state);
  const current = await context.db.networkConnection.findUnique({ where: { memberId }, select: { personUrn: true, disconnectedAt: true, expiresAt: true } });
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

/** `lps member connections [--json]`: LinkedIn tokens, soonest expiry first, flagging those that expire within LPS_TOKEN_EXPIRY_WARNING. */
export async function memberConnections(context: CommandContext): Promise<void> {
  const soon = new Set((await expiringConnections(context.db, context.config.network.tokenExpiryWarningMs)).map((entry) => entry.memberId));
  const rows = await context.db.networkConnection.findMany({ include: { member: { select: { displayName: true } } }, orderBy: { expiresAt: 'asc' } });
  const connections = rows.map((row) => ({
    member_id: row.memberId,
    display_name: row.member.displayName,
    provider: row.provider,
    connected: Boolean(row.connectedAt && !row.disconnectedAt),
    expires_at: row.expiresAt?.toISOString() ?? null,
    expires_soon: soon.has(row.memberId),
    disconnect_reason: row.disconnectReason,
  }));
  if (context.options.json) {
    context.print(JSON.stringify({ data: connections }));
    return;
  }
  if (connections.length === 0) context.print('no network connections yet: lps member connect <member-id>');
  for (const entry of connections) {
    const state = entry.connected ? `connected until ${entry.expires_at ?? 'no expiry'}` : `disconnected (${entry.disconnect_reason ?? 'unknown'})`;
    context.print(`${entry.member_id}  ${entry.display_name ?? ''}  ${entry.provider}  ${state}${entry.expires_soon ? '  EXPIRES SOON: run lps member connect' : ''}`);
  }
}
