import type { ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { FakeAccount, IdTokenFault } from './fake-state.js';
import { reply } from './replies.js';

/**
 * "Sign In with LinkedIn using OpenID Connect" as LinkedIn documents it and integrators report it:
 * a discovery document at `<issuer>/.well-known/openid-configuration` (issuer `…/oauth`), keys at
 * `…/oauth/openid/jwks`, and an RS256-signed `id_token` in the token answer when `openid` was granted,
 * with sub, name, given/family name, picture, email, email_verified and locale (a string here; also
 * seen as {country, language}). The nonce is echoed when the authorize request sent one.
 */

export interface OidcKeys {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  /** Signs under the same kid with a key nobody published: a forged token. */
  strangerKey: CryptoKey;
}

export async function createOidcKeys(): Promise<OidcKeys> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const kid = 'fake-linkedin-key-1';
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }, strangerKey: stranger.privateKey };
}

export function discovery(res: ServerResponse, baseUrl: string): void {
  reply(res, 200, {
    issuer: `${baseUrl}/oauth`,
    authorization_endpoint: `${baseUrl}/oauth/v2/authorization`,
    token_endpoint: `${baseUrl}/oauth/v2/accessToken`,
    userinfo_endpoint: `${baseUrl}/v2/userinfo`,
    jwks_uri: `${baseUrl}/oauth/openid/jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['pairwise'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'profile', 'email'],
    claims_supported: ['iss', 'aud', 'iat', 'exp', 'sub', 'name', 'given_name', 'family_name', 'picture', 'email', 'email_verified', 'locale'],
  });
}

export const jwks = (res: ServerResponse, keys: OidcKeys): void => reply(res, 200, { keys: [keys.publicJwk] });

export async function idTokenFor(keys: OidcKeys, baseUrl: string, account: FakeAccount, nonce: string | undefined, fault: IdTokenFault | undefined): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const [given, ...family] = account.name.split(' ');
  const claims: Record<string, unknown> = {
    name: account.name,
    given_name: given ?? account.name,
    family_name: family.join(' '),
    picture: account.picture ?? null,
    email: account.email,
    email_verified: true,
    locale: 'en_US',
  };
  if (nonce !== undefined) claims.nonce = fault === 'other-nonce' ? 'a-nonce-of-another-sign-in' : nonce;
  else if (fault === 'other-nonce') claims.nonce = 'a-nonce-of-another-sign-in';
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: keys.kid, typ: 'JWT' })
    .setIssuer(fault === 'wrong-issuer' ? 'https://www.linkedin.com' : `${baseUrl}/oauth`)
    .setAudience(fault === 'wrong-audience' ? 'another-apps-client-id' : account.clientId)
    .setSubject(account.sub)
    .setIssuedAt(fault === 'expired' ? now - 7_200 : now)
    .setExpirationTime(fault === 'expired' ? now - 3_600 : now + 3_600)
    .sign(fault === 'bad-signature' ? keys.strangerKey : keys.privateKey);
}
