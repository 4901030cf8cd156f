import { spendOAuthState } from '@lps/db';
import { readOAuthState, type OAuthStateClaims } from '@lps/network';
import type { UseCaseDeps } from '../deps.js';

/**
 * The `state` LinkedIn hands back to the callback: ours (signature), for the member it
 * names, and not used or expired, or undefined. Spending it is one conditional update,
 * so a replayed callback (or two racing ones) finds it used.
 */
export async function spendOAuthLink({ runtime }: UseCaseDeps, state: string, now = new Date()): Promise<OAuthStateClaims | undefined> {
  const claims = readOAuthState(state, runtime.keyring);
  if (!claims) return undefined;
  return (await spendOAuthState(runtime.db, claims.stateId, claims.memberId, now)) ? claims : undefined;
}
