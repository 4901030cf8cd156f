import type { DbOrTx } from '../client.js';
import { reconnectDeadline } from '../wire/member.js';
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

/** Live analytics grants whose access token ends by `horizon` and whose refresh token is still good. */
export const analyticsGrantsDueForRefresh = (db: DbOrTx, horizon: Date, now: Date) =>
  db.analyticsConnection.findMany({ where: { disconnectedAt: null, refreshTokenEnc: { not: null }, expiresAt: { lte: horizon }, refreshExpiresAt: { gt: now } } });

export async function storeAnalyticsTokens(db: DbOrTx, memberId: string, tokens: StoredTokens): Promise<void> {
  await db.analyticsConnection.update({ where: { memberId }, data: tokens });
}

/** Live analytics grants the member must renew by `horizon` (or already should have): the refresh token's end where there is one. */
export async function analyticsGrantsEndingBy(db: DbOrTx, horizon: Date): Promise<Array<{ memberId: string; connectedAt: Date; endsAt: Date }>> {
  const rows = await db.analyticsConnection.findMany({
    where: {
      disconnectedAt: null,
      OR: [
        { refreshTokenEnc: null, expiresAt: { lte: horizon } },
        { refreshTokenEnc: { not: null }, refreshExpiresAt: null, expiresAt: { lte: horizon } },
        { refreshTokenEnc: { not: null }, refreshExpiresAt: { lte: horizon } },
      ],
    },
  });
  return rows.map((row) => ({ memberId: row.memberId, connectedAt: row.connectedAt, endsAt: reconnectDeadline(row) as Date }));
}
