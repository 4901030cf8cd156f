import { LinkedInOAuth, storedTokensOf } from '@lps/network';
import type { Needs } from '../../deps.js';

/**
 * The analytics app's end of the OAuth dance (`lps member connect <id> --analytics`): the
 * token is stored beside the share connection with the scopes LinkedIn granted. The
 * Community Management app carries no OpenID product, so /v2/userinfo cannot be asked who
 * signed in (decision 0014): the operator's link, bound to the member by its signed state, is the binding.
 * The member's never-measured posts become due at once: they had been put off while no grant could read them.
 */
export async function connectAnalytics(
  { repos, config, keyring }: Needs<'saveAnalyticsConnection' | 'makeUnmeasuredPostsDue', 'config' | 'keyring'>,
  memberId: string,
  code: string,
  now = new Date(),
) {
  const tokens = await new LinkedInOAuth(config.network.linkedin, 'analytics').exchangeCode(code);
  const stored = storedTokensOf(tokens, keyring, now);
  await repos.saveAnalyticsConnection(memberId, stored, now);
  await repos.makeUnmeasuredPostsDue(memberId);
  return { expiresAt: stored.expiresAt, scopes: tokens.scopes };
}
