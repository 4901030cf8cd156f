import { signToken, verifyToken } from '@lps/crypto';
import type { DbOrTx } from '@lps/db';

/** Derives purpose-bound signing keys (the runtime's Keyring). */
export interface KeyDeriver {
  deriveKey(purpose: string): Buffer;
}

const STATE_LIFETIME_MS = 30 * 60_000;
const PURPOSE = 'oauth-state';

export interface OAuthStateOptions {
  /** The operator allowed this link to replace a connection to another LinkedIn person (`--replace`). */
  replace?: boolean;
  /** The link is for the analytics app (`--analytics`): the callback exchanges the code with that app. */
  analytics?: boolean;
}

export interface SpentOAuthState {
  memberId: string;
  replace: boolean;
  analytics: boolean;
}

/**
 * A signed `state` for the authorize URL, recorded so it can be used once
 * (oauth_states). What the operator allowed travels inside the signature.
 */
export async function createOAuthState(db: DbOrTx, keys: KeyDeriver, memberId: string, now = new Date(), options: OAuthStateOptions = {}): Promise<string> {
  const row = await db.oAuthState.create({ data: { memberId, expiresAt: new Date(now.getTime() + STATE_LIFETIME_MS) }, select: { id: true } });
  return signToken({ s: row.id, m: memberId, ...(options.replace ? { r: 1 } : {}), ...(options.analytics ? { a: 1 } : {}) }, keys.deriveKey(PURPOSE));
}

/**
 * Verifies the signature and spends the state in one conditional update, so a
 * replayed callback (or two racing ones) finds it used. Returns the member and what the link allows.
 */
export async function consumeOAuthState(db: DbOrTx, keys: KeyDeriver, token: string, now = new Date()): Promise<SpentOAuthState | undefined> {
  const payload = verifyToken<{ s?: unknown; m?: unknown; r?: unknown; a?: unknown }>(token, keys.deriveKey(PURPOSE));
  if (!payload || typeof payload.s !== 'string' || typeof payload.m !== 'string') return undefined;
  if (!/^[0-9a-f-]{36}$/i.test(payload.s)) return undefined;
  const spent = await db.oAuthState.updateMany({
    where: { id: payload.s, memberId: payload.m, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  return spent.count === 1 ? { memberId: payload.m, replace: payload.r === 1, analytics: payload.a === 1 } : undefined;
}
