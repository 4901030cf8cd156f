import { matchReturnUrl } from '@lps/config';
import { AnalyticsAppMissingError, isNetworkError, type LinkedInGrant } from '@lps/network';
import type { Needs } from '../../deps.js';
import { connectAnalytics } from './connect-analytics.js';
import { ConnectedElsewhereError, connectMember } from '../connect-member.js';
import { spendOAuthLink } from './spend-oauth-link.js';

/** What a connect page reads in `lps_error` (docs/building-on-lps.md). */
export type ConnectErrorCode = 'link_invalid' | 'link_expired' | 'cancelled' | 'linkedin_refused' | 'connected_elsewhere' | 'linkedin_unavailable' | 'not_configured';

/** The end of a sign-in: said on a page of ours (CLI links) or by a redirect to the link's `return_to` (a member's own). */
export interface ConnectionOutcome {
  connected: boolean;
  error?: ConnectErrorCode;
  grant?: LinkedInGrant;
  /** The member's page to send the browser to, re-checked against today's allow-list; undefined: answer with a page. */
  returnTo?: URL;
  status: number;
  title: string;
  detail: string;
}

/** What LinkedIn (or the member's browser) brought back to the callback. */
export interface CallbackQuery {
  state?: string;
  code?: string;
  error?: string;
  errorDescription?: string;
}

const AGAIN = "Ask for a new link (lps member connect <member-id>, or your app's connect page).";

/**
 * The callback's story: spend the signed single-use state, then exchange the code with the
 * grant's app (or, in the sandbox, connect at once), and say how it ended. A forged state has no
 * return address we trust, so it always ends on our page.
 */
export async function finishConnection(
  deps: Needs<
    | 'spendOAuthState'
    | 'reconnectSandbox'
    | 'saveAnalyticsConnection'
    | 'makeUnmeasuredPostsDue'
    | 'findNetworkConnection'
    | 'saveNetworkConnection'
    | 'flagPostsScheduledPastReconnect',
    'config' | 'keyring' | 'clients' | 'request'
  >,
  query: CallbackQuery,
): Promise<ConnectionOutcome> {
  const { repos, config } = deps;
  const link = query.state ? await spendOAuthLink(deps, query.state) : undefined;
  if (!link) return { connected: false, error: 'link_invalid', status: 400, title: 'Link expired or already used', detail: AGAIN };
  const grant: LinkedInGrant = link.claims.analytics ? 'analytics' : 'share';
  const base = { grant, ...(link.returnTo ? { returnTo: matchReturnUrl(link.returnTo, config.network.connect.returnUrls) } : {}) };
  const failed = (error: ConnectErrorCode, status: number, title: string, detail: string): ConnectionOutcome => ({ ...base, connected: false, error, status, title, detail });
  if (!link.spent) return failed('link_expired', 400, 'Link expired or already used', AGAIN);
  const { memberId } = link.claims;
  if (config.network.mode === 'sandbox') {
    await repos.reconnectSandbox(memberId, new Date());
    return { ...base, connected: true, status: 200, title: 'Connected to the sandbox network', detail: 'You can close this window.' };
  }
  if (query.error) {
    const cancelled = /^user_cancelled/.test(query.error);
    return failed(cancelled ? 'cancelled' : 'linkedin_refused', 400, 'Not connected', `LinkedIn answered ${query.error}: ${query.errorDescription ?? ''}`);
  }
  if (!query.code) return failed('linkedin_refused', 400, 'Not connected', 'LinkedIn sent no authorization code.');
  try {
    if (grant === 'analytics') {
      const granted = await connectAnalytics(deps, memberId, query.code);
      deps.request.log.info('member connected to the LinkedIn analytics app', {
        member_id: memberId,
        scopes: granted.scopes.join(' '),
        expires_at: granted.expiresAt.toISOString(),
      });
      return {
        ...base,
        connected: true,
        status: 200,
        title: 'Analytics connected',
        detail: `LinkedIn granted ${granted.scopes.join(', ') || 'no scope'} until ${granted.expiresAt.toISOString()}. You can close this window.`,
      };
    }
    const connected = await connectMember(deps, memberId, query.code, { replace: link.claims.replace });
    deps.request.log.info('member connected to LinkedIn', { member_id: memberId, expires_at: connected.expiresAt.toISOString() });
    return {
      ...base,
      connected: true,
      status: 200,
      title: 'Connected to LinkedIn',
      detail: `${connected.name ?? connected.personUrn} is connected until ${connected.expiresAt.toISOString()}. You can close this window.`,
    };
  } catch (error) {
    if (error instanceof ConnectedElsewhereError) {
      deps.request.log.warn('connection refused: the member is connected to another LinkedIn person', { connected: error.connectedPersonUrn, attempted: error.attemptedPersonUrn });
      return failed(
        'connected_elsewhere',
        409,
        'Already connected to another LinkedIn account',
        `This member posts as ${error.connectedPersonUrn}; you signed in as ${error.attemptedPersonUrn}. Nothing was changed. To switch accounts, the operator runs \`lps member connect <member-id> --replace\`.`,
      );
    }
    if (error instanceof AnalyticsAppMissingError) return failed('not_configured', 400, 'Analytics app not configured', error.message);
    if (!isNetworkError(error)) throw error;
    deps.request.log.warn('LinkedIn connection failed', { kind: error.kind, error: error.message });
    return failed('linkedin_unavailable', 502, 'LinkedIn did not complete the connection', AGAIN);
  }
}
