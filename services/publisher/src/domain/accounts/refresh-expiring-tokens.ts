import { analyticsGrantsDueForRefresh, shareGrantsDueForRefresh, storeAnalyticsTokens, storeShareTokens, type DbOrTx, type StoredTokens } from '@lps/db';
import { isNetworkError, LinkedInOAuth, storedTokensOf, type LinkedInGrant, type LinkedInSettings, type SecretBox } from '@lps/network';
import type { Runtime } from '@lps/runtime';
import { revokeRefusedGrant } from './revoke-refused-grant.js';

interface RefreshableGrant {
  memberId: string;
  refreshTokenEnc: string | null;
  refreshExpiresAt: Date | null;
}

/** The two tables holding a member's LinkedIn grants, seen the same way by the refresh round. */
const grants: Record<
  LinkedInGrant,
  {
    due(db: DbOrTx, horizon: Date, now: Date): Promise<RefreshableGrant[]>;
    store(db: DbOrTx, memberId: string, tokens: StoredTokens): Promise<void>;
  }
> = {
  share: { due: shareGrantsDueForRefresh, store: storeShareTokens },
  analytics: { due: analyticsGrantsDueForRefresh, store: storeAnalyticsTokens },
};

export interface TokenRefreshOutcome {
  grant: LinkedInGrant;
  memberId: string;
  /** The new access token's end, or why LinkedIn refused the refresh. */
  expiresAt?: Date;
  error?: string;
}

/**
 * Where LinkedIn granted a refresh token (apps enabled for programmatic refresh tokens),
 * renews access tokens that end within `withinMs` with grant_type=refresh_token, before
 * they expire. The refresh token keeps its original end (LinkedIn does not reset it), so a
 * refresh answer without one keeps the stored one. A refused refresh (invalid_grant: revoked
 * or expired) disconnects that grant (connection.revoked); a transient failure is tried again next round.
 */
export async function refreshExpiringTokens(runtime: Runtime, settings: LinkedInSettings, secrets: SecretBox, withinMs: number, now = new Date()): Promise<TokenRefreshOutcome[]> {
  const { db } = runtime;
  const outcomes: TokenRefreshOutcome[] = [];
  for (const grant of ['share', 'analytics'] as const) {
    if (grant === 'analytics' && !settings.analyticsApp) continue;
    const oauth = new LinkedInOAuth(settings, grant);
    for (const row of await grants[grant].due(db, new Date(now.getTime() + withinMs), now)) {
      try {
        const tokens = await oauth.refresh(secrets.decrypt(row.refreshTokenEnc as string));
        const stored = storedTokensOf(tokens, secrets, now);
        const kept = stored.refreshTokenEnc ? {} : { refreshTokenEnc: row.refreshTokenEnc, refreshExpiresAt: row.refreshExpiresAt };
        await grants[grant].store(db, row.memberId, { ...stored, ...kept });
        outcomes.push({ grant, memberId: row.memberId, expiresAt: stored.expiresAt });
      } catch (error) {
        if (!isNetworkError(error)) throw error;
        if (error.kind === 'permanent' || error.kind === 'unauthorized') await revokeRefusedGrant(runtime, grant, row.memberId, `refresh refused: ${error.message}`);
        outcomes.push({ grant, memberId: row.memberId, error: error.message });
      }
    }
  }
  return outcomes;
}
