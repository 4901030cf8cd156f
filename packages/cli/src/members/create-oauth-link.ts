import { recordOAuthState, type DbOrTx } from '@lps/db';
import { OAUTH_STATE_LIFETIME_MS, signOAuthState, type KeyDeriver } from '@lps/network';

/**
 * The `state` of a new authorize link: recorded in oauth_states so the callback can spend
 * it once within OAUTH_STATE_LIFETIME_MS, and signed so what the operator allowed
 * (`--replace`, `--analytics`) cannot be altered on the way.
 */
export async function createOAuthLink(db: DbOrTx, keys: KeyDeriver, link: { memberId: string; replace?: boolean; analytics?: boolean }, now = new Date()): Promise<string> {
  const stateId = await recordOAuthState(db, link.memberId, new Date(now.getTime() + OAUTH_STATE_LIFETIME_MS));
  return signOAuthState({ stateId, memberId: link.memberId, replace: link.replace ?? false, analytics: link.analytics ?? false }, keys);
}
