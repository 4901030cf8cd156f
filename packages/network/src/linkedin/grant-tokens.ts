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

/** What deciding which grant reads analytics needs to know of a stored grant. */
export interface GrantFacts {
  scopes: string | null;
  disconnectedAt: Date | null;
  expiresAt: Date | null;
}

/**
 * Which of a member's LinkedIn grants can read their post analytics: the analytics app's, while live
 * and carrying r_member_postAnalytics, else the share grant when it is usable (`shareUsable`) and
 * happens to carry that scope; undefined: none can, and no analytics request may be made. One rule
 * for the publisher (which reads) and the API (which says whether numbers exist).
 */
export function analyticsGrantOf(grants: { analytics: GrantFacts | null; share: GrantFacts | null; shareUsable: boolean }, now = new Date()): 'analytics' | 'share' | undefined {
  const { analytics, share } = grants;
  if (analytics && !analytics.disconnectedAt && analytics.expiresAt && analytics.expiresAt > now && hasScope(analytics.scopes, ANALYTICS_SCOPE)) return 'analytics';
  if (grants.shareUsable && share && hasScope(share.scopes, ANALYTICS_SCOPE)) return 'share';
  return undefined;
}

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
