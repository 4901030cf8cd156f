import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, dashboardApi, request } from '../api/client.js';
import { ErrorNote } from '../components/notice.js';
import { useTitle } from '../components/use-title.js';
import { useSession } from '../session.js';

/** The token is in the address's fragment (`#token=…`): browsers never send a fragment to a server, a proxy's log or a Referer. */
function tokenFromFragment(): string | null {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  return fragment.get('token');
}

/** Opening the page spends nothing (mail scanners open links): the member's click does. */
export default function SignInLinkPage() {
  useTitle('Sign in with a link');
  const [token] = useState(tokenFromFragment);
  const [error, setError] = useState<ApiError>();
  const [busy, setBusy] = useState(false);
  const { refresh } = useSession();
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    setBusy(true);
    setError(undefined);
    try {
      await request<void>(dashboardApi('/sign-in/link'), { method: 'POST', body: { token }, quietUnauthorized: true });
      // The fragment goes: the spent token stays out of the history.
      window.history.replaceState(null, '', '/sign-in/link');
      await refresh();
      void navigate('/posts', { replace: true });
    } catch (failure) {
      setError(failure as ApiError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sign-in">
      <h1>Sign in with a one-time link</h1>
      {token ? (
        <form onSubmit={(event) => void submit(event)} className="card">
          <p>This link from your operator signs you in once. It stops working once used, or a few minutes after it was made.</p>
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
          <ErrorNote error={error} />
          {error ? (
            <p>
              <a href="/sign-in">Other ways to sign in</a>
            </p>
          ) : null}
        </form>
      ) : (
        <div className="card">
          <p className="note error" role="alert">
            This address carries no sign-in token. Open the whole link your operator gave you (it ends with <code>#token=…</code>), or ask for a new one.
          </p>
          <a href="/sign-in">Other ways to sign in</a>
        </div>
      )}
    </div>
  );
}
