import type { DbOrTx } from '../client.js';
import type { Prisma } from '../generated/prisma/client.js';
import { reconnectDeadline } from '../wire/member.js';

/**
 * network_connections: the member's share grant (w_member_social, their identity) on
 * the configured network, one row per member. Tokens arrive here already encrypted.
 */

/** The columns a LinkedIn token answer fills (connecting, or renewing with a refresh token). */
export interface StoredTokens {
  accessTokenEnc: string;
  refreshTokenEnc: string | null;
  scopes: string;
  expiresAt: Date;
  refreshExpiresAt: Date | null;
}

export const findNetworkConnection = (db: DbOrTx, memberId: string) => db.networkConnection.findUnique({ where: { memberId } });

/** A finished OAuth dance: the member now posts as `personUrn` with these tokens; a previous disconnection is forgotten. */
export async function saveNetworkConnection(
  db: DbOrTx,
  memberId: string,
  connection: StoredTokens & { provider: string; personUrn: string; profileName?: string | null; profilePictureUrl?: string | null },
  now: Date,
): Promise<void> {
  const data = { ...connection, connectedAt: now, disconnectedAt: null, disconnectReason: null };
  await db.networkConnection.upsert({ where: { memberId }, create: { memberId, ...data }, update: data });
}

/** The sandbox's stand-in for signing in (a member's own link, LPS_NETWORK=sandbox): connected again, at once. */
export async function reconnectSandbox(db: DbOrTx, memberId: string, now: Date): Promise<void> {
  const data = { provider: 'sandbox', connectedAt: now, disconnectedAt: null, disconnectReason: null };
  await db.networkConnection.upsert({ where: { memberId }, create: { memberId, ...data }, update: data });
}

/**
 * The member disconnected (DELETE /me/connection): the tokens are forgotten at once, the person
 * stays recorded so that signing in as someone else later still needs the operator's `--replace`,
 * and the analytics grant goes with it.
 */
export async function forgetMemberGrants(db: DbOrTx, memberId: string, now: Date): Promise<void> {
  await db.networkConnection.updateMany({
    where: { memberId },
    data: { accessTokenEnc: null, refreshTokenEnc: null, disconnectedAt: now, disconnectReason: 'disconnected by the member' },
  });
  await db.analyticsConnection.deleteMany({ where: { memberId } });
}

/** Live LinkedIn share grants whose access token ends by `horizon` and whose refresh token is still good. */
export const shareGrantsDueForRefresh = (db: DbOrTx, horizon: Date, now: Date) =>
  db.networkConnection.findMany({
    where: { provider: 'linkedin', disconnectedAt: null, connectedAt: { not: null }, refreshTokenEnc: { not: null }, expiresAt: { lte: horizon }, refreshExpiresAt: { gt: now } },
  });

export async function storeShareTokens(db: DbOrTx, memberId: string, tokens: StoredTokens): Promise<void> {
  await db.networkConnection.update({ where: { memberId }, data: tokens });
}

/** Live LinkedIn connections the member must renew by `horizon` (or already should have). */
export interface ExpiringConnection {
  memberId: string;
  displayName: string | null;
  expiresAt: Date | null;
  /** When this grant was made: a new sign-in is a new grant (connection_notices start over). */
  connectedAt: Date;
}

export async function connectionsEndingBy(db: DbOrTx, horizon: Date): Promise<ExpiringConnection[]> {
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
  return rows.map((row) => ({ memberId: row.memberId, displayName: row.member.displayName, expiresAt: reconnectDeadline(row), connectedAt: row.connectedAt as Date }));
}

const withMemberAndAnalytics = { member: { select: { displayName: true, analyticsConnection: true } } } satisfies Prisma.NetworkConnectionInclude;

/** Every connection with its member's name and analytics grant, soonest expiry first (`lps member connections`). */
export const listConnectionsWithAnalytics = (db: DbOrTx) => db.networkConnection.findMany({ include: withMemberAndAnalytics, orderBy: { expiresAt: 'asc' } });
