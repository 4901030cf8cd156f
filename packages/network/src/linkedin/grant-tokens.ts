import { scopeList } from '@lps/config';
import type { LinkedInTokens } from './linkedin-oauth.js';

/** Encrypts tokens before they are stored and decrypts them to call LinkedIn (the runtime's Keyring). */
export interface SecretBox {
  encrypt(plaintext: string): string;
  decrypt(stored: string): string;
}

/** The scope that reads a member's post statistics (Community Management API). */
export const ANALYTICS_SCOPE = 'r_member_postAnalytics';

export const hasScope = (scopes: string | null, scope: string): boolean => scopeList(scopes).includes(scope);

/**
 * How a LinkedIn token answer is stored, the same for both apps' grants and for a
 * refresh: tokens encrypted at rest, the granted scopes (space-separated) so no endpoint
 * is called without its scope, and the absolute expiries.
 */
export function storedTokensOf(tokens: LinkedInTokens, secrets: SecretBox, now: Date) {
  return {
    accessTokenEnc: secrets.encrypt(tokens.accessToken),
    refreshTokenEnc: tokens.refreshToken ? secrets.encrypt(tokens.refreshToken) : null,
    scopes: tokens.scopes.join(' '),
    expiresAt: new Date(now.getTime() + tokens.expiresInSeconds * 1000),
    refreshExpiresAt: tokens.refreshExpiresInSeconds ? new Date(now.getTime() + tokens.refreshExpiresInSeconds * 1000) : null,
  };
}
