import { flagPostsScheduledPastReconnect, makeUnmeasuredPostsDue, type DbOrTx } from '@lps/db';
import type { LinkedInOAuth } from '../linkedin/linkedin-oauth.js';
import type { Network } from '../network.js';
import type { SecretBox } from './network-account.js';
import { tokenColumns } from './token-columns.js';

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
    ...tokenColumns(tokens, dependencies.secrets, now),
    connectedAt: now,
    disconnectedAt: null,
    disconnectReason: null,
  };
  await db.networkConnection.upsert({ where: { memberId }, create: { memberId, ...data }, update: data });
  // Posts flagged as scheduled past the old token's end are clear again (or flagged against the new one).
  await flagPostsScheduledPastReconnect(db, memberId);
  return { personUrn: identity.personUrn, name: identity.name, expiresAt: data.expiresAt, scopes: tokens.scopes };
}

/**
 * The analytics app's end of the OAuth dance (`lps member connect <id> --analytics`): the
 * token is stored beside the share connection with the scopes LinkedIn granted. The
 * Community Management app carries no OpenID product, so /v2/userinfo cannot be asked who
 * signed in (decision 0014): the operator's link, bound to the member by its signed state, is the binding.
 */
export async function connectAnalytics(db: DbOrTx, dependencies: { oauth: LinkedInOAuth; secrets: SecretBox }, memberId: string, code: string, now = new Date()) {
  const tokens = await dependencies.oauth.exchangeCode(code);
  const data = { ...tokenColumns(tokens, dependencies.secrets, now), connectedAt: now, disconnectedAt: null, disconnectReason: null };
  await db.analyticsConnection.upsert({ where: { memberId }, create: { memberId, ...data }, update: data });
  await makeUnmeasuredPostsDue(db, memberId);
  return { expiresAt: data.expiresAt, scopes: tokens.scopes };
}
