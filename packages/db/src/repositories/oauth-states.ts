import type { DbOrTx } from '../client.js';

/** oauth_states: each authorize link's state, recorded so a callback can spend it once. */

export async function recordOAuthState(db: DbOrTx, memberId: string, expiresAt: Date): Promise<string> {
  const row = await db.oAuthState.create({ data: { memberId, expiresAt }, select: { id: true } });
  return row.id;
}

/** Spends the state in one conditional update, so a replayed callback (or two racing ones) finds it used. */
export async function spendOAuthState(db: DbOrTx, id: string, memberId: string, now: Date): Promise<boolean> {
  const spent = await db.oAuthState.updateMany({ where: { id, memberId, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  return spent.count === 1;
}
