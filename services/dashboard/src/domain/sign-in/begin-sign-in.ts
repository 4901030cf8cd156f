import { newOpaqueToken, OPAQUE_TOKEN_PATTERN, hashOpaqueToken } from '@lps/crypto';
import { LinkedInOAuth } from '@lps/network';
import type { Needs } from '@lps/api';

/** How long a browser has between starting a sign-in and coming back (the pre-session's life). */
export const SIGN_IN_ATTEMPT_MS = 10 * 60_000;
/** Where the sandbox's own authorize page is served (LPS_NETWORK=sandbox only). */
export const SANDBOX_AUTHORIZE_PATH = '/auth/sandbox/authorize';

/**
 * Starts a sign-in with the network: a random `state` and OIDC nonce, recorded (hashed) against the
 * browser's pre-session so that only the browser that started it can finish it (login CSRF), then the
 * network's authorize URL. The pre-session token is the cookie's: reused when the browser has one,
 * so two tabs can sign in side by side.
 */
export async function beginSignIn(
  { repos, config }: Needs<'recordSignInAttempt', 'config'>,
  input: { preSessionToken?: string; returnTo: string | null },
  now = new Date(),
): Promise<{ preSessionToken: string; authorizeUrl: string }> {
  const preSessionToken = input.preSessionToken && OPAQUE_TOKEN_PATTERN.test(input.preSessionToken) ? input.preSessionToken : newOpaqueToken().token;
  const state = newOpaqueToken();
  const nonce = newOpaqueToken().token;
  await repos.recordSignInAttempt({
    stateHash: state.hash,
    preSessionHash: hashOpaqueToken(preSessionToken),
    nonce,
    returnTo: input.returnTo,
    expiresAt: new Date(now.getTime() + SIGN_IN_ATTEMPT_MS),
  });
  const authorizeUrl =
    config.network.mode === 'linkedin'
      ? new LinkedInOAuth(config.network.linkedin, 'share').authorizeUrl(state.token, { redirectUri: config.dashboard.signInRedirectUri, nonce })
      : `${SANDBOX_AUTHORIZE_PATH}?${new URLSearchParams({ state: state.token }).toString()}`;
  return { preSessionToken, authorizeUrl };
}
