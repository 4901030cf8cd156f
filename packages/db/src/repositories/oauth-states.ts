import type { DbOrTx } from '../client.js';

/** oauth_states: each authorize link's state, recorded so a callback can spend it once. */

export async function recordOAuthState(db: DbOrTx, memberId: string, expiresAt: Date, returnTo: string | null = null): Promise<string> {
  const row = await db.oAuthState.create({ data: { memberId, expiresAt, returnTo }, select: { id: true } });
  return row.id;
}

/** What spending a state found: `spent` once only; `returnTo` as recorded with the link, whether spent or not. */
export interface SpentOAuthState {
  spent: boolean;
  returnTo: string | null;
}

/**
 * Spends the state in one conditional update, so a replayed callback (or two racing ones) finds it used.
 * Undefined when no state of that member has this id; otherwise `spent: false` for an expired or used one.
 */
export async function spendOAuthState(db: DbOrTx, id: string, memberId: string, now: Date): Promise<SpentOAuthState | undefined> {
  const spent = await db.oAuthState.updateMany({ where: { id, memberId, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  const row = await db.oAuthState.findFirst({ where: { id, memberId }, select: { returnTo: true } });
  return row ? { spent: spent.count === 1, returnTo: row.returnTo } : undefined;
}
