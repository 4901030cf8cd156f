import { signToken, verifyToken } from '@lps/crypto';

/** Derives purpose-bound signing keys (the runtime's Keyring). */
export interface KeyDeriver {
  deriveKey(purpose: string): Buffer;
}

/** How long an authorize link works. */
export const OAUTH_STATE_LIFETIME_MS = 30 * 60_000;
const PURPOSE = 'oauth-state';

/** What the `state` of an authorize link carries: its recorded row, the member, and what the operator allowed. */
export interface OAuthStateClaims {
  stateId: string;
  memberId: string;
  /** The operator allowed this link to replace a connection to another LinkedIn person (`--replace`). */
  replace: boolean;
  /** The link is for the analytics app (`--analytics`): the callback exchanges the code with that app. */
  analytics: boolean;
}

/** The signed `state` for the authorize URL: what the operator allowed travels inside the signature. */
export const signOAuthState = (claims: OAuthStateClaims, keys: KeyDeriver): string =>
  signToken({ s: claims.stateId, m: claims.memberId, ...(claims.replace ? { r: 1 } : {}), ...(claims.analytics ? { a: 1 } : {}) }, keys.deriveKey(PURPOSE));

/** The claims of a `state` we signed, or undefined for anything else (forged, altered, malformed). */
export function readOAuthState(token: string, keys: KeyDeriver): OAuthStateClaims | undefined {
  const payload = verifyToken<{ s?: unknown; m?: unknown; r?: unknown; a?: unknown }>(token, keys.deriveKey(PURPOSE));
  if (!payload || typeof payload.s !== 'string' || typeof payload.m !== 'string') return undefined;
  if (!/^[0-9a-f-]{36}$/i.test(payload.s)) return undefined;
  return { stateId: payload.s, memberId: payload.m, replace: payload.r === 1, analytics: payload.a === 1 };
}
