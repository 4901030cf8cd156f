import type { LinkedInTokens } from '../linkedin/linkedin-oauth.js';
import type { SecretBox } from './network-account.js';

/**
 * How a LinkedIn token answer is stored, the same for both apps' grants and for a
 * refresh: tokens encrypted at rest, the granted scopes (space-separated) so no endpoint
 * is called without its scope, and the absolute expiries.
 */
export function tokenColumns(tokens: LinkedInTokens, secrets: SecretBox, now: Date) {
  return {
    accessTokenEnc: secrets.encrypt(tokens.accessToken),
    refreshTokenEnc: tokens.refreshToken ? secrets.encrypt(tokens.refreshToken) : null,
    scopes: tokens.scopes.join(' '),
    expiresAt: new Date(now.getTime() + tokens.expiresInSeconds * 1000),
    refreshExpiresAt: tokens.refreshExpiresInSeconds ? new Date(now.getTime() + tokens.refreshExpiresInSeconds * 1000) : null,
  };
}

export const hasScope = (scopes: string | null, scope: string): boolean => (scopes ?? '').split(/[\s,]+/).includes(scope);
