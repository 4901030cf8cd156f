import { createHash, randomBytes } from 'node:crypto';

/**
 * A bearer secret handed to a browser or a person once (a session cookie, a sign-in link, an OAuth
 * state): 32 random bytes (256 bits) as base64url, kept on our side only as its SHA-256.
 */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export const hashOpaqueToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** What newOpaqueToken makes: anything else is refused before any lookup. */
export const OPAQUE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
