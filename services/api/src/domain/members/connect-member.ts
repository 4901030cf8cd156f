import { LinkedInOAuth, storedTokensOf, type LinkedInTokens, type NetworkIdentity } from '@lps/network';
import type { Needs } from '../deps.js';

/** The member is connected to another LinkedIn person, and the link did not allow replacing it. */
export class ConnectedElsewhereError extends Error {
  override readonly name = 'ConnectedElsewhereError';
  constructor(
    readonly connectedPersonUrn: string,
    readonly attemptedPersonUrn: string,
  ) {
    super(`the member is connected to LinkedIn as ${connectedPersonUrn}, not ${attemptedPersonUrn}`);
  }
}

/**
 * The end of the OAuth dance: exchange the code, read who the member is on
 * LinkedIn (/v2/userinfo → urn:li:person:{sub}) and store the tokens encrypted.
 * A member bound to a different LinkedIn person keeps that binding unless the link
 * was made with `replace` (`lps member connect <id> --replace`): posts must not
 * silently start going to someone else's profile. The binding outlives a
 * disconnection (revoked token, DELETE /me/connection), or a member could
 * disconnect and sign in as anyone (decision 0019).
 */
export async function connectMember(
  deps: Needs<'findNetworkConnection' | 'saveNetworkConnection' | 'flagPostsScheduledPastReconnect', 'config' | 'keyring' | 'clients'>,
  memberId: string,
  code: string,
  options: { replace: boolean },
  now = new Date(),
) {
  const tokens = await new LinkedInOAuth(deps.config.network.linkedin, 'share').exchangeCode(code);
  const identity = await deps.clients.network.identity({ memberId, personUrn: '', accessToken: tokens.accessToken });
  return saveShareConnection(deps, memberId, tokens, identity, options, now);
}

/**
 * Stores a share grant LinkedIn gave for `identity` (the CLI's and a member's connect links, and a
 * dashboard sign-in with LinkedIn, which asks for the same scopes): encrypted, with the person's
 * name and picture, unless the member is bound to another person and `replace` was not allowed.
 */
export async function saveShareConnection(
  { repos, keyring }: Needs<'findNetworkConnection' | 'saveNetworkConnection' | 'flagPostsScheduledPastReconnect', 'keyring'>,
  memberId: string,
  tokens: LinkedInTokens,
  identity: NetworkIdentity,
  options: { replace: boolean },
  now = new Date(),
) {
  const current = await repos.findNetworkConnection(memberId);
  if (current?.personUrn && current.personUrn !== identity.personUrn && !options.replace) {
    throw new ConnectedElsewhereError(current.personUrn, identity.personUrn);
  }
  const stored = storedTokensOf(tokens, keyring, now);
  await repos.saveNetworkConnection(
    memberId,
    { provider: 'linkedin', personUrn: identity.personUrn, profileName: identity.name, profilePictureUrl: identity.picture, ...stored },
    now,
  );
  // Posts flagged as scheduled past the old token's end are clear again (or flagged against the new one).
  await repos.flagPostsScheduledPastReconnect(memberId);
  return { personUrn: identity.personUrn, name: identity.name, expiresAt: stored.expiresAt, scopes: tokens.scopes };
}
