import type { DbOrTx } from '@lps/db';
import type { LinkedInOAuth } from '../linkedin/linkedin-oauth.js';
import type { Network } from '../network.js';
import type { SecretBox } from './network-account.js';

/** The member is connected to another LinkedIn person, and the link did not allow replacing it. */
export class ConnectedElsewhereError extends Error {
  override readonly name = 'ConnectedElsewhereError';
  constructor(readonly connectedPersonUrn: string, readonly attemptedPersonUrn: string) {
    super(`the member is connected to LinkedIn as ${connectedPersonUrn}, not ${attemptedPersonUrn}`);
  }
}

/**
 * The end of the OAuth dance: exchange the code, read who the member is on
 * LinkedIn (/v2/userinfo → urn:li:person:{sub}) and store the tokens encrypted.
 * A member connected to a different LinkedIn person keeps that connection unless
 * the link was made with `replace` (`lps member connect <id> --replace`): posts
 * must not silently start going to someone else's profile.
 */
export async function connectMember(
  db: DbOrTx,
  dependencies: { oauth: LinkedInOAuth; network: Network; secrets: SecretBox },
  memberId: string,
  code: string,
  now = new Date(),
  options: { replace?: boolean } = {},
) {
  const tokens = await dependencies.oauth.exchangeCode(code);
  const identity = await dependencies.network.identity({ memberId, personUrn: '', accessToken: tokens.accessToken });
  const current = await db.networkConnection.findUnique({ where: { memberId }, select: { personUrn: true, disconnectedAt: true } });
  if (current?.personUrn && !current.disconnectedAt && current.personUrn !== identity.personUrn && !options.replace) {
    throw new ConnectedElsewhereError(current.personUrn, identity.personUrn);
  }
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
