import { useSearchParams } from 'react-router';
import { dashboardApi, request } from '../api/client.js';
import type { SignInOptions } from '../api/types.js';
import { useResource } from '../api/use-resource.js';
import { LoadFailed, Loading, StatusNote } from '../components/notice.js';
import { useTitle } from '../components/use-title.js';
import { safeReturnPath } from './return-to.js';

/** What each failure the server sends back here means, in words a member can act on. */
const FAILURES: Record<string, string> = {
  signup_closed:
    'You are not a member of this lps yet, and its operator has not opened sign-up. Ask the operator to create your member (lps member create) or to allow sign-up (LPS_SIGNUP=open).',
  denied: 'Sign-in was cancelled on the network’s page. Nothing was changed; you can try again.',
  expired: 'That sign-in took too long or was already used. Start again.',
  invalid: 'The network’s answer could not be checked, so you were not signed in. Start again; if it happens again, tell the operator.',
  insecure_http:
    'This address is plain HTTP on a host other than this computer, where browsers refuse secure session cookies. Open lps over HTTPS (or at http://127.0.0.1 on the machine itself).',
  rate_limited: 'Too many sign-in attempts from your address. Wait a minute and try again.',
  session_ended: 'Your session ended (signed out elsewhere, or idle too long). Sign in again to go on.',
};

export default function SignInPage() {
  useTitle('Sign in');
  const [params] = useSearchParams();
  const options = useResource('options', (signal) => request<SignInOptions>(dashboardApi('/sign-in/options'), { signal, quietUnauthorized: true }));
  const returnTo = safeReturnPath(params.get('return_to'));
  const failure = params.get('error');
  const start = `/auth/network/start?return_to=${encodeURIComponent(returnTo)}`;

  return (
    <div className="sign-in">
      <h1>Sign in to lps</h1>
      {params.get('signed_out') ? <StatusNote>You are signed out.</StatusNote> : null}
      {failure ? (
        <p className="note error" role="alert">
          {FAILURES[failure] ?? 'Sign-in did not complete. Start again.'}
        </p>
      ) : null}
      {options.error ? <LoadFailed error={options.error} what="The ways to sign in" retry={options.reload} /> : null}
      {options.loading && !options.data ? <Loading what="the ways to sign in" /> : null}
      {options.data?.network === 'sandbox' ? (
        <section aria-labelledby="sandbox-heading" className="card">
          <h2 id="sandbox-heading">The sandbox network</h2>
          <p>This lps runs on its simulated network: nothing reaches LinkedIn. Sign in on the sandbox’s own page, as a sandbox member or under a name you choose.</p>
          <a className="button primary" href={start}>
            Sign in with the sandbox
          </a>
        </section>
      ) : null}
      {options.data?.network === 'linkedin' ? (
        <section aria-labelledby="linkedin-heading" className="card">
          <h2 id="linkedin-heading">LinkedIn</h2>
          <p>Signing in also connects your LinkedIn profile, so lps can publish for you. lps asks for your name, picture and e-mail, and the right to post.</p>
          <a className="button primary" href={start}>
            Sign in with LinkedIn
          </a>
          {options.data.signup === 'closed' ? <p className="hint">Only existing members can sign in here: the operator has not opened sign-up.</p> : null}
        </section>
      ) : null}
      <p className="hint">Got a one-time sign-in link from your operator? Open it in this browser: it signs you in once, within minutes.</p>
    </div>
  );
}
