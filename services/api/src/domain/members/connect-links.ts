import { LinkedInOAuth, OAUTH_STATE_LIFETIME_MS, signOAuthState, type LinkedInGrant } from '@lps/network';
import type { Needs } from '../deps.js';

/** Where LinkedIn sends the browser back (LINKEDIN_REDIRECT_URI points here); the sandbox's links point here directly. */
export const CONNECT_CALLBACK_PATH = '/oauth/linkedin/callback';
/** The `code` of a sandbox link: there is no LinkedIn to sign in to, opening the link is the consent. */
export const SANDBOX_CODE = 'sandbox';

export interface ConnectLink {
  grant: LinkedInGrant;
  authorize_url: string;
  expires_at: string;
}

/** The grants a member can sign in to here: the share app always, the analytics app where configured (never in the sandbox). */
export function grantsOffered({ config }: Needs<never, 'config'>): LinkedInGrant[] {
  const { network } = config;
  return network.mode === 'linkedin' && network.linkedin.analyticsApp ? ['share', 'analytics'] : ['share'];
}

/**
 * One authorize link for one grant: its state recorded (single use, 30 minutes, with where the
 * browser goes back) and signed, so neither the member nor the grant can be altered on the way.
 */
export async function connectLink(
  { repos, config, keyring }: Needs<'recordOAuthState', 'config' | 'keyring'>,
  memberId: string,
  grant: LinkedInGrant,
  returnTo: string,
  now: Date,
): Promise<ConnectLink> {
  const { network, http } = config;
  const expiresAt = new Date(now.getTime() + OAUTH_STATE_LIFETIME_MS);
  const stateId = await repos.recordOAuthState(memberId, expiresAt, returnTo);
  const state = signOAuthState({ stateId, memberId, replace: false, analytics: grant === 'analytics' }, keyring);
  const authorizeUrl =
    network.mode === 'sandbox'
      ? `${http.publicBaseUrl}${CONNECT_CALLBACK_PATH}?${new URLSearchParams({ code: SANDBOX_CODE, state }).toString()}`
      : new LinkedInOAuth(network.linkedin, grant).authorizeUrl(state);
  return { grant, authorize_url: authorizeUrl, expires_at: expiresAt.toISOString() };
}
