import { unprocessable, validationError } from '@lps/common';
import { matchReturnUrl, parseReturnUrl } from '@lps/config';
import { isNetworkConnected } from '@lps/db';
import type { Needs } from '../deps.js';
import { connectLink, grantsOffered } from './connect-links.js';

const NOT_A_PLAIN_URL = 'must be an absolute http(s) URL without credentials, spaces, control characters, backslashes or encoded path separators';

/**
 * POST /me/connection/links: the member's own authorize links (the share app's, and the analytics
 * app's where configured), each sending the browser back to `return_to` with the outcome. Only to a
 * URL on the operator's list (LPS_CONNECT_RETURN_URLS; in the sandbox without it, this service's own pages,
 * decision 0028): the callback never redirects anywhere else.
 * A member's link never replaces a connection to another LinkedIn person (only the operator's can).
 */
export async function createConnectLinks(
  deps: Needs<'recordOAuthState' | 'findNetworkConnection', 'config' | 'keyring'>,
  memberId: string,
  input: { return_to: string },
  now = new Date(),
) {
  const { repos, config } = deps;
  const allowed = config.network.connect.returnUrls;
  if (allowed.length === 0) throw unprocessable('members cannot connect themselves on this service: the operator has not set LPS_CONNECT_RETURN_URLS');
  if (!parseReturnUrl(input.return_to)) throw validationError({ return_to: NOT_A_PLAIN_URL });
  const returnTo = matchReturnUrl(input.return_to, allowed);
  if (!returnTo) {
    throw unprocessable('return_to is not one of the return URLs the operator allows', {
      return_to: `not under any entry of LPS_CONNECT_RETURN_URLS${config.network.mode === 'sandbox' ? ` (in the sandbox without it: any page of ${config.http.publicBaseUrl})` : ''}`,
    });
  }
  const links = [];
  for (const grant of grantsOffered(deps)) links.push(await connectLink(deps, memberId, grant, returnTo.href, now));
  const current = await repos.findNetworkConnection(memberId);
  const connectedAs = isNetworkConnected(current, config.network.mode, now) ? (current?.personUrn ?? null) : null;
  return { links, connected_as: connectedAs };
}
