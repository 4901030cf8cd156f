import type { StoredTokens } from '@lps/db';
import { isNetworkError, LinkedInOAuth, storedTokensOf, type LinkedInGrant, type LinkedInSettings, type SecretBox } from '@lps/network';
import type { Needs } from '../publisher-context.js';
import { revokeRefusedGrant } from './revoke-refused-grant.js';

interface RefreshableGrant {
  memberId: string;
  refreshTokenEnc: string | null;
  refreshExpiresAt: Date | null;
}

/** What the refresh round uses: each grant's refresh statements, and what a refused one takes. */
export type TokenRefreshNeeds = Needs<'shareGrantsDueForRefresh' | 'storeShareTokens' | 'analyticsGrantsDueForRefresh' | 'storeAnalyticsTokens' | 'revokeGrant', 'announceEvents'>;
type TokenRepos = TokenRefreshNeeds['repos'];

/** The two tables holding a member's LinkedIn grants, seen the same way by the refresh round. */
const grants: Record<
  LinkedInGrant,
  {
    due(repos: TokenRepos, horizon: Date, now: Date): Promise<RefreshableGrant[]>;
    store(repos: TokenRepos, memberId: string, tokens: StoredTokens): Promise<void>;
  }
> = {
  share: { due: (repos, horizon, now) => repos.shareGrantsDueForRefresh(horizon, now), store: (repos, memberId, tokens) => repos.storeShareTokens(memberId, tokens) },
  analytics: {
    due: (repos, horizon, now) => repos.analyticsGrantsDueForRefresh(horizon, now),
    store: (repos, memberId, tokens) => repos.storeAnalyticsTokens(memberId, tokens),
  },
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
export async function refreshExpiringTokens(
  deps: TokenRefreshNeeds,
  settings: LinkedInSettings,
  secrets: SecretBox,
  withinMs: number,
  now = new Date(),
): Promise<TokenRefreshOutcome[]> {
  const { repos } = deps;
  const outcomes: TokenRefreshOutcome[] = [];
  for (const grant of ['share', 'analytics'] as const) {
    if (grant === 'analytics' && !settings.analyticsApp) continue;
    const oauth = new LinkedInOAuth(settings, grant);
    for (const row of await grants[grant].due(repos, new Date(now.getTime() + withinMs), now)) {
      try {
        const tokens = await oauth.refresh(secrets.decrypt(row.refreshTokenEnc as string));
        const stored = storedTokensOf(tokens, secrets, now);
        const kept = stored.refreshTokenEnc ? {} : { refreshTokenEnc: row.refreshTokenEnc, refreshExpiresAt: row.refreshExpiresAt };
        await grants[grant].store(repos, row.memberId, { ...stored, ...kept });
        outcomes.push({ grant, memberId: row.memberId, expiresAt: stored.expiresAt });
      } catch (error) {
        if (!isNetworkError(error)) throw error;
        if (error.kind === 'permanent' || error.kind === 'unauthorized') await revokeRefusedGrant(deps, grant, row.memberId, `refresh refused: ${error.message}`);
        outcomes.push({ grant, memberId: row.memberId, error: error.message });
      }
    }
  }
  return outcomes;
}
