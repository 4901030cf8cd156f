import { hashOpaqueToken, OPAQUE_TOKEN_PATTERN } from '@lps/crypto';
import { IdTokenRefused, isNetworkError, LinkedInOAuth, verifyIdToken } from '@lps/network';
import { ConnectedElsewhereError, saveShareConnection, type Needs } from '@lps/api';
import { memberForIdentity, type SignInPerson } from './member-for-identity.js';
import { readSandboxCode } from './sandbox-code.js';

/** Why a sign-in ended on the sign-in page (`/sign-in?error=<code>`; the page says each in words). */
export type SignInError = 'signup_closed' | 'denied' | 'expired' | 'invalid' | 'unavailable';

export type SignInOutcome = { memberId: string; returnTo: string | null } | { error: SignInError };

export interface CallbackInput {
  state?: string;
  code?: string;
  error?: string;
  preSessionToken?: string;
}

type FinishNeeds = Needs<
  | 'spendSignInAttempt'
  | 'findMemberByIdentity'
  | 'membersConnectedAs'
  | 'bindIdentity'
  | 'transaction'
  | 'reconnectSandbox'
  | 'findNetworkConnection'
  | 'saveNetworkConnection'
  | 'flagPostsScheduledPastReconnect',
  'config' | 'keyring' | 'clients' | 'request'
>;

/**
 * The network's answer to a sign-in (LinkedIn's redirect, or the sandbox's page, through one path):
 * the state is spent once and only in the browser that started it; then who signed in — the ID
 * token checked by jose for LinkedIn, the signed code for the sandbox — and the member they are.
 * Signing in with LinkedIn also connects: the share grant is stored like a connect link's.
 */
export async function finishSignIn(deps: FinishNeeds, input: CallbackInput, now = new Date()): Promise<SignInOutcome> {
  const { repos, config, request } = deps;
  if (!input.state || !OPAQUE_TOKEN_PATTERN.test(input.state) || !input.preSessionToken || !OPAQUE_TOKEN_PATTERN.test(input.preSessionToken)) return { error: 'invalid' };
  const attempt = await repos.spendSignInAttempt(hashOpaqueToken(input.state), hashOpaqueToken(input.preSessionToken), now);
  if (!attempt.found) return { error: 'invalid' };
  if (!attempt.spent) {
    request.log.warn(attempt.replayed ? 'sign-in callback with a state already used (a replay?)' : 'sign-in callback after its attempt expired');
    return { error: attempt.replayed ? 'invalid' : 'expired' };
  }
  if (input.error) return { error: /^user_cancelled/.test(input.error) ? 'denied' : 'invalid' };
  if (!input.code) return { error: 'invalid' };
  const person: ConnectingPerson | { error: SignInError } =
    config.network.mode === 'linkedin' ? await linkedInPerson(deps, input.code, attempt.nonce as string) : sandboxPerson(deps, input.code, input.state);
  if ('error' in person) return person;
  const mayJoin = config.network.mode === 'sandbox' || config.dashboard.signUp === 'open';
  const member = await memberForIdentity(deps, person, mayJoin);
  if (!member) {
    request.log.info('sign-in refused: not a member, and sign-up is closed');
    return { error: 'signup_closed' };
  }
  if (person.provider === 'sandbox') await repos.reconnectSandbox(member.memberId, now);
  else await person.connect?.(member.memberId);
  request.log.info('member signed in', { member_id: member.memberId, provider: person.provider, new_member: member.created });
  return { memberId: member.memberId, returnTo: attempt.returnTo };
}

/** Who signed in, and (LinkedIn) how to store the share grant the same authorization gave. */
type ConnectingPerson = SignInPerson & { connect?(memberId: string): Promise<void> };

function sandboxPerson({ keyring }: FinishNeeds, code: string, state: string): ConnectingPerson | { error: SignInError } {
  const person = readSandboxCode(code, state, keyring);
  return person ? { provider: 'sandbox', subject: person.subject, name: person.name } : { error: 'invalid' };
}

async function linkedInPerson(deps: FinishNeeds, code: string, nonce: string): Promise<ConnectingPerson | { error: SignInError }> {
  const { config, clients, request } = deps;
  const linkedin = config.network.linkedin;
  try {
    const tokens = await new LinkedInOAuth(linkedin, 'share').exchangeCode(code, config.dashboard.signInRedirectUri);
    if (!tokens.idToken) {
      request.log.warn('LinkedIn answered the sign-in without an ID token (is openid among LINKEDIN_SCOPES?)');
      return { error: 'invalid' };
    }
    const signedIn = await verifyIdToken(linkedin, tokens.idToken, nonce);
    const personUrn = `urn:li:person:${signedIn.sub}`;
    return {
      provider: 'linkedin',
      subject: signedIn.sub,
      name: signedIn.name,
      connect: async (memberId) => {
        // userinfo for the name and picture the connection shows; the ID token already said who it is.
        const identity = await clients.network
          .identity({ memberId, personUrn, accessToken: tokens.accessToken })
          .catch(() => ({ personUrn, name: signedIn.name, email: signedIn.email, picture: signedIn.picture }));
        if (identity.personUrn !== personUrn) throw new IdTokenRefused(`userinfo names ${identity.personUrn}, the ID token ${personUrn}`);
        try {
          await saveShareConnection(deps, memberId, tokens, identity, { replace: false });
        } catch (error) {
          if (!(error instanceof ConnectedElsewhereError)) throw error;
          // Signed in, but the member posts as another person (the operator's --replace made it so): not switched silently.
          request.log.warn('signed in; the connection stays with the other LinkedIn person', { connected: error.connectedPersonUrn, attempted: error.attemptedPersonUrn });
        }
      },
    };
  } catch (error) {
    if (error instanceof IdTokenRefused) {
      request.log.warn('sign-in refused: the ID token did not pass', { reason: error.message });
      return { error: 'invalid' };
    }
    if (!isNetworkError(error)) throw error;
    request.log.warn('sign-in failed at LinkedIn', { kind: error.kind, error: error.message });
    return { error: error.kind === 'retryable' ? 'unavailable' : 'invalid' };
  }
}
