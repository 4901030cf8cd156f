import type { DbOrTx } from '../client.js';
import type { StoredTokens } from './network-connections.js';

/**
 * analytics_connections: the optional analytics app's grant (r_member_postAnalytics),
 * kept beside the share connection (decision 0014). Tokens arrive here already encrypted.
 */

export const findAnalyticsConnection = (db: DbOrTx, memberId: string) => db.analyticsConnection.findUnique({ where: { memberId } });

export async function saveAnalyticsConnection(db: DbOrTx, memberId: string, tokens: StoredTokens, now: Date): Promise<void> {
  const data = { ...tokens, connectedAt: now, disconnectedAt: null, disconnectReason: null };
  await db.analyticsConnection.upsert({ where: { memberId }, create: { memberId, ...data }, update: data });
}

/** LinkedIn refused the analytics token: no more analytics calls until the member connects that app again. */
export async function markAnalyticsDisconnected(db: DbOrTx, memberId: string, reason: string): Promise<void> {
  await db.analyticsConnection.updateMany({ where: { memberId, disconnectedAt: null }, data: { disconnectedAt: new Date(), disconnectReason: reason } });
}

/** Live analytics grants whose access token ends by `horizon` and whose refresh token is still good. */
export const analyticsGrantsDueForRefresh = (db: DbOrTx, horizon: Date, now: Date) =>
  db.analyticsConnection.findMany({ where: { disconnectedAt: null, refreshTokenEnc: { not: null }, expiresAt: { lte: horizon }, refreshExpiresAt: { gt: now } } });

export async function storeAnalyticsTokens(db: DbOrTx, memberId: string, tokens: StoredTokens): Promise<void> {
  await db.analyticsConnection.update({ where: { memberId }, data: tokens });
}
