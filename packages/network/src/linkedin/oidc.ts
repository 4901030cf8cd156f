import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { NetworkError } from '../network-error.js';
import type { LinkedInSettings } from './settings.js';

/** Who signed in, from a checked ID token (LinkedIn's "Sign In with LinkedIn using OpenID Connect" claims). */
export interface SignInIdentity {
  /** The identity: stable per person and app. Never the e-mail, which LinkedIn does not verify. */
  sub: string;
  name: string | null;
  picture: string | null;
  email: string | null;
}

/** Why an ID token was refused: said to the log, never to the browser. */
export class IdTokenRefused extends Error {
  override readonly name = 'IdTokenRefused';
}

interface Discovery {
  issuer: string;
  jwks_uri: string;
}

/** The discovery document and key set, fetched once per issuer and process; the key set refetches itself on an unknown `kid`. */
const keySets = new Map<string, Promise<{ issuer: string; keys: JWTVerifyGetKey }>>();

async function discover(settings: LinkedInSettings): Promise<{ issuer: string; keys: JWTVerifyGetKey }> {
  const url = `${settings.oidcIssuer}/.well-known/openid-configuration`;
  let document: Partial<Discovery>;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(settings.timeoutMs), headers: { accept: 'application/json' } });
    if (!response.ok) throw new NetworkError('retryable', `LinkedIn's OpenID configuration answered ${response.status}`, { status: response.status });
    document = (await response.json()) as Partial<Discovery>;
  } catch (error) {
    if (error instanceof NetworkError) throw error;
    throw new NetworkError('retryable', `LinkedIn's OpenID configuration could not be read: ${(error as Error).message}`);
  }
  // OpenID Connect Discovery §4.3: the document's issuer must be the one it was fetched for.
  if (document.issuer !== settings.oidcIssuer || typeof document.jwks_uri !== 'string') {
    throw new NetworkError('permanent', `LinkedIn's OpenID configuration names issuer ${String(document.issuer)}, not ${settings.oidcIssuer}`);
  }
  return { issuer: document.issuer, keys: createRemoteJWKSet(new URL(document.jwks_uri), { timeoutDuration: settings.timeoutMs }) };
}

const keySetOf = (settings: LinkedInSettings) => {
  let found = keySets.get(settings.oidcIssuer);
  if (!found) {
    found = discover(settings).catch((error: unknown) => {
      keySets.delete(settings.oidcIssuer);
      throw error;
    });
    keySets.set(settings.oidcIssuer, found);
  }
  return found;
};

const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

/**
 * Checks a sign-in's ID token with jose (panva/jose), never by hand: an RS256 signature by a key of the
 * issuer's JWKS, `iss` the configured issuer, `aud` our client id, `exp`/`iat` in time (a minute of
 * clock skew), `sub` present. The nonce: an ID token carrying one must carry ours; integrators report
 * LinkedIn leaving it out although it was sent (UNSURE, decision 0037), so an absent nonce passes —
 * the single-use state bound to the browser's pre-session is what stops a replayed or injected code.
 */
export async function verifyIdToken(settings: LinkedInSettings, idToken: string, expectedNonce: string): Promise<SignInIdentity> {
  const { issuer, keys } = await keySetOf(settings);
  let payload;
  try {
    ({ payload } = await jwtVerify(idToken, keys, { issuer, audience: settings.clientId, algorithms: ['RS256'], clockTolerance: 60, requiredClaims: ['sub', 'iat', 'exp'] }));
  } catch (error) {
    if (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout)) throw new IdTokenRefused(`the ID token was refused: ${error.code} ${error.message}`);
    throw new NetworkError('retryable', `LinkedIn's keys could not be read: ${(error as Error).message}`);
  }
  if (payload.nonce !== undefined && payload.nonce !== expectedNonce) throw new IdTokenRefused('the ID token carries another sign-in’s nonce');
  const sub = text(payload.sub);
  if (!sub) throw new IdTokenRefused('the ID token carries no subject');
  return { sub, name: text(payload.name), picture: text(payload.picture), email: text(payload.email) };
}
