import { isNetworkConnected, type DbOrTx, type NetworkConnection } from '@lps/db';
import type { NetworkAccount } from '../network.js';
import { sandboxPersonUrn } from '../sandbox/sandbox-network.js';

/** Decrypts tokens stored at rest (the runtime's Keyring). */
export interface SecretBox {
  encrypt(plaintext: string): string;
  decrypt(stored: string): string;
}

export type NetworkMode = 'sandbox' | 'linkedin';

/** Why a member cannot act on the network right now, or their account. */
export type AccountLookup = { account: NetworkAccount } | { problem: string };

export function accountFromConnection(connection: NetworkConnection | null, mode: NetworkMode, secrets: SecretBox, now = new Date()): AccountLookup {
  if (!connection || !isNetworkConnected(connection, mode)) {
    return { problem: 'the member is not connected to the network (lps member connect <member-id>)' };
  }
  if (mode === 'sandbox') return { account: { memberId: connection.memberId, personUrn: connection.personUrn ?? sandboxPersonUrn(connection.memberId) } };
  if (!connection.accessTokenEnc || !connection.personUrn) return { problem: 'the member has no LinkedIn token: connect them again' };
  if (connection.expiresAt && connection.expiresAt <= now) return { problem: 'the member\'s LinkedIn token has expired: connect them again' };
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

/** Live LinkedIn connections whose token expires within `withinMs` (or already has). */
export interface ExpiringConnection {
  memberId: string;
  displayName: string | null;
  expiresAt: Date | null;
}

export async function expiringConnections(db: DbOrTx, withinMs: number, now = new Date()): Promise<ExpiringConnection[]> {
  const rows = await db.networkConnection.findMany({
    where: { provider: 'linkedin', disconnectedAt: null, connectedAt: { not: null }, expiresAt: { lte: new Date(now.getTime() + withinMs) } },
    include: { member: { select: { displayName: true } } },
    orderBy: { expiresAt: 'asc' },
  });
  return rows.map((row) => ({ memberId: row.memberId, displayName: row.member.displayName, expiresAt: row.expiresAt }));
}
