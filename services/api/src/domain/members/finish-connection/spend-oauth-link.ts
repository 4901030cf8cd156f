import { readOAuthState, type OAuthStateClaims } from '@lps/network';
import type { Needs } from '../../deps.js';

export interface SpentLink {
  claims: OAuthStateClaims;
  /** False for a link already used or expired: nothing may be connected with it. */
  spent: boolean;
  /** Where a member's own link sends the browser back, as recorded with it; null for the operator's CLI links. */
  returnTo: string | null;
}

/**
 * The `state` LinkedIn hands back to the callback: ours (signature) and recorded for the member
 * it names, or undefined. Spending it is one conditional update, so a replayed callback (or two
 * racing ones) finds it used.
 */
export async function spendOAuthLink({ repos, keyring }: Needs<'spendOAuthState', 'keyring'>, state: string, now = new Date()): Promise<SpentLink | undefined> {
  const claims = readOAuthState(state, keyring);
  if (!claims) return undefined;
  const found = await repos.spendOAuthState(claims.stateId, claims.memberId, now);
  return found ? { claims, ...found } : undefined;
}
