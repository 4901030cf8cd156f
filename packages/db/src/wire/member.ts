import type { Member, NetworkConnection } from '../generated/prisma/client.js';

type Connection = NetworkConnection | null | undefined;

/** What decides when a grant of either app ends (network_connections, analytics_connections). */
export interface GrantExpiry {
  refreshTokenEnc: string | null;
  refreshExpiresAt: Date | null;
  expiresAt: Date | null;
}

/** A connection made to the configured network and not refused or revoked since (its token may still have run out). */
const isLive = (connection: Connection, network: 'sandbox' | 'linkedin'): connection is NetworkConnection =>
  Boolean(connection && connection.provider === network && connection.connectedAt && !connection.disconnectedAt);

/** Connected means: a live connection to the configured network whose token has not expired. */
export const isNetworkConnected = (connection: Connection, network: 'sandbox' | 'linkedin', now = new Date()): boolean =>
  isLive(connection, network) && !(connection.expiresAt && connection.expiresAt <= now);

/**
 * When the member must sign in to LinkedIn again at the latest: the refresh token's end where
 * LinkedIn granted one (the publisher renews the access token before it runs out), else the
 * 60-day access token's. Null for connections without expiry (the sandbox).
 */
export const reconnectDeadline = (grant: GrantExpiry | null | undefined): Date | null =>
  !grant ? null : grant.refreshTokenEnc && grant.refreshExpiresAt ? grant.refreshExpiresAt : grant.expiresAt;

/** Both ways back, each of which works in either network mode: the member's own link, or the operator's CLI. */
export const NOT_CONNECTED =
  'the member is not connected to the network: the member connects again with POST /api/v1/me/connection/links, or the operator runs lps member connect <member-id>';

/**
 * Why the member cannot act on the network now, or undefined when they can: the reasons
 * POST /publish answers with and a publication fails with.
 */
export function connectionProblem(connection: Connection, network: 'sandbox' | 'linkedin', now = new Date()): string | undefined {
  if (network === 'linkedin' && connection?.expiresAt && connection.expiresAt <= now) return "the member's LinkedIn token has expired: connect them again";
  if (!isNetworkConnected(connection, network, now)) return NOT_CONNECTED;
  if (network === 'linkedin' && (!connection?.accessTokenEnc || !connection.personUrn)) return 'the member has no LinkedIn token: connect them again';
  return undefined;
}

export const memberToWire = (member: Member & { networkConnection: NetworkConnection | null }, network: 'sandbox' | 'linkedin') => ({
  id: member.id,
  display_name: member.displayName,
  headline: member.headline,
  company_name: member.companyName,
  network_connected: isNetworkConnected(member.networkConnection, network),
  network_connection_expires_at: isLive(member.networkConnection, network) ? (reconnectDeadline(member.networkConnection)?.toISOString() ?? null) : null,
});

export type WireMember = ReturnType<typeof memberToWire>;
