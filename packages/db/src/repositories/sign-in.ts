import type { DbOrTx } from '../client.js';

/** sign_in_attempts and sign_in_links: what a sign-in spends, once. */

export interface NewSignInAttempt {
  stateHash: string;
  preSessionHash: string;
  nonce: string;
  returnTo: string | null;
  expiresAt: Date;
}

export async function recordSignInAttempt(db: DbOrTx, attempt: NewSignInAttempt): Promise<void> {
  await db.signInAttempt.create({ data: attempt, select: { id: true } });
}

/**
 * Spends the attempt whose state has this hash, only for the pre-session it was started in, once,
 * before it expires (one conditional update: a replayed or racing callback finds it spent).
 * `found: false` when no attempt has that state in that pre-session at all.
 */
export async function spendSignInAttempt(db: DbOrTx, stateHash: string, preSessionHash: string, now: Date) {
  const spent = await db.signInAttempt.updateMany({ where: { stateHash, preSessionHash, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  const row = await db.signInAttempt.findFirst({ where: { stateHash, preSessionHash }, select: { nonce: true, returnTo: true, usedAt: true, expiresAt: true } });
  return {
    found: row !== null,
    spent: spent.count === 1,
    /** Not spent now because it had been before: a replayed (or racing) callback. */
    replayed: spent.count === 0 && row?.usedAt != null,
    nonce: row?.nonce ?? null,
    returnTo: row?.returnTo ?? null,
  };
}

export async function insertSignInLink(db: DbOrTx, link: { memberId: string; tokenHash: string; expiresAt: Date }) {
  return db.signInLink.create({ data: link, select: { id: true, expiresAt: true } });
}

/** The member of an unspent, unexpired link, spending it; null otherwise (unknown, spent or expired alike). */
export async function spendSignInLink(db: DbOrTx, tokenHash: string, now: Date): Promise<string | null> {
  const spent = await db.signInLink.updateMany({ where: { tokenHash, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  if (spent.count !== 1) return null;
  const row = await db.signInLink.findUnique({ where: { tokenHash }, select: { memberId: true } });
  return row?.memberId ?? null;
}
