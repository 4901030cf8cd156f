import type { DbOrTx } from '@lps/db';
import type { LinkedInOAuth } from '../linkedin/linkedin-oauth.js';
import type { Network } from '../network.js';
import type { SecretBox } from './network-account.js';

/**
 * The end of the OAuth dance: exchange the code, read who the member is on
 * LinkedIn (/v2/userinfo → urn:li:person:{sub}) and store the tokens encrypted.
 */
export async function connectMember(
  db: DbOrTx,
  dependencies: { oauth: LinkedInOAuth; network: Network; secrets: SecretBox },
  memberId: string,
  code: string,
  now = new Date(),
) {
  const tokens = await dependencies.oauth.exchangeCode(code);
  const identity = await dependencies.network.identity({ memberId, personUrn: '', accessToken: tokens.accessToken });
  const data = {
    provider: 'linkedin',
    personUrn: identity.personUrn,
    accessTokenEnc: dependencies.secrets.encrypt(tokens.accessToken),
    refreshTokenEnc: tokens.refreshToken ? dependencies.secrets.encrypt(tokens.refreshToken) : null,
    scopes: tokens.scopes.join(' '),
    expiresAt: new Date(now.getTime() + tokens.expiresInSeconds * 1000),
    refreshExpiresAt: tokens.refreshExpiresInSeconds ? new Date(now.getTime() + tokens.refreshExpiresInSeconds * 1000) : null,
    connectedAt: now,
    disconnectedAt: null,
    disconnectReason: null,
  };
  await db.networkConnection.upsert({ where: { memberId }, create: { memberId, ...data }, update: data });
  return { personUrn: identity.personUrn, name: identity.name, expiresAt: data.expiresAt, scopes: tokens.scopes };
}
