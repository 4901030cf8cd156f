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

/** The scopes of a grant as LinkedIn or our column lists them: space- or comma-separated (older rows kept LinkedIn's commas). */
export const scopeList = (scopes: string | null | undefined): string[] => (scopes ?? '').split(/[\s,]+/).filter(Boolean);

export const hasScope = (scopes: string | null, scope: string): boolean => scopeList(scopes).includes(scope);
