import { isNetworkConnected, reconnectDeadline, type DbOrTx, type NetworkConnection } from '@lps/db';
import type { NetworkAccount } from '../network.js';
import { sandboxPersonUrn } from '../sandbox/sandbox-network.js';
import { hasScope } from './token-columns.js';

/** Decrypts tokens stored at rest (the runtime's Keyring). */
export interface SecretBox {
  encrypt(plaintext: string): string;
  decrypt(stored: string): string;
}

export type NetworkMode = 'sandbox' | 'linkedin';

/** Why a member cannot act on the network right now, or their account. */
export type AccountLookup = { account: NetworkAccount } | { problem: string };

const EXPIRED = 'the member\'s LinkedIn token has expired: connect them again';

export function accountFromConnection(connection: NetworkConnection | null, mode: NetworkMode, secrets: SecretBox, now = new Date()): AccountLookup {
  if (mode === 'linkedin' && connection?.expiresAt && connection.expiresAt <= now) return { problem: EXPIRED };
  if (!connection || !isNetworkConnected(connection, mode, now)) {
    return { problem: 'the member is not connected to the network (lps member connect <member-id>)' };
  }
  if (mode === 'sandbox') return { account: { memberId: connection.memberId, personUrn: connection.personUrn ?? sandboxPersonUrn(connection.memberId) } };
  if (!connection.accessTokenEnc || !connection.personUrn) return { problem: 'the member has no LinkedIn token: connect them again' };
  return { account: { memberId: connection.memberId, personUrn: connection.personUrn, accessToken: secrets.decrypt(connection.accessTokenEnc) } };
}

export async function lookupNetworkAccount(db: DbOrTx, memberId: string, mode: NetworkMode, secrets: SecretBox): Promise<AccountLookup> {
  const connection = await db.networkConnection.findUnique({ where: { memberId } });
  return accountFromConnection(connection, mode, secrets);
}

/** LinkedIn refused the token (revoked, expired, invalid): the member must reconnect; `network_connected` turns false. */
export async function markDisconnected(db: DbOrTx, memberId: string, reason: string): Promise<void> {
  await db.networkConnection.updateMany({ where: { memberId, disconnectedAt: null }, data: { disconnectedAt: new Date(), disconnectReason: reason } });
}

export const ANALYTICS_SCOPE = 'r_member_postAnalytics';

/**
 * The token analytics are read with: the analytics app's grant, or a share grant that
 * happens to carry r_member_postAnalytics. Without either, a `problem` and no request at
 * all: LinkedIn would answer 403 for every post, every round (issue 17.2).
 */
export async function lookupAnalyticsAccount(db: DbOrTx, memberId: string, mode: NetworkMode, secrets: SecretBox, now = new Date()): Promise<AccountLookup> {
  const [connection, analytics] = await Promise.all([
    db.networkConnection.findUnique({ where: { memberId } }),
    mode === 'linkedin' ? db.analyticsConnection.findUnique({ where: { memberId } }) : null,
  ]);
  const share = accountFromConnection(connection, mode, secrets, now);
  if (mode === 'sandbox') return share;
  if (analytics && !analytics.disconnectedAt && analytics.expiresAt > now && hasScope(analytics.scopes, ANALYTICS_SCOPE)) {
    return { account: { memberId, personUrn: connection?.personUrn ?? '', accessToken: secrets.decrypt(analytics.accessTokenEnc) } };
  }
  if ('account' in share && hasScope(connection?.scopes ?? null, ANALYTICS_SCOPE)) return share;
  return { problem: `no LinkedIn grant with ${ANALYTICS_SCOPE}: analytics stay unread (lps member connect <member-id> --analytics)` };
}

/** LinkedIn refused the analytics token: no more analytics calls until the member connects that app again. */
export async function markAnalyticsDisconnected(db: DbOrTx, memberId: string, reason: string): Promise<void> {
  await db.analyticsConnection.updateMany({ where: { memberId, disconnectedAt: null }, data: { disconnectedAt: new Date(), disconnectReason: reason } });
}

/** Live LinkedIn connections the member must renew within `withinMs` (or already should have). */
export interface ExpiringConnection {
  memberId: string;
  displayName: string | null;
  expiresAt: Date | null;
}

export async function expiringConnections(db: DbOrTx, withinMs: number, now = new Date()): Promise<ExpiringConnection[]> {
  const horizon = new Date(now.getTime() + withinMs);
  const rows = await db.networkConnection.findMany({
    where: {
      provider: 'linkedin',
      disconnectedAt: null,
      connectedAt: { not: null },
      // The same rule as reconnectDeadline: a refresh token carries the connection to its own end.
      OR: [
        { refreshTokenEnc: null, expiresAt: { lte: horizon } },
        { refreshTokenEnc: { not: null }, refreshExpiresAt: null, expiresAt: { lte: horizon } },
        { refreshTokenEnc: { not: null }, refreshExpiresAt: { lte: horizon } },
      ],
    },
    include: { member: { select: { displayName: true } } },
    orderBy: { expiresAt: 'asc' },
  });
  return rows.map((row) => ({ memberId: row.memberId, displayName: row.member.displayName, expiresAt: reconnectDeadline(row) }));
}
