import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, dashboardApi, onSignedOut, request } from './api/client.js';
import { rememberSettings } from './api/member-settings.js';
import type { SessionInfo } from './api/types.js';

interface SessionState {
  session: SessionInfo | null;
  /** Reads the session again (after signing in, or when the member's name changed). */
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside <SessionProvider>');
  return state;
}

/** The signed-in session; a page that needs it is only rendered once it is known. */
export function useSignedIn(): SessionInfo {
  const { session } = useSession();
  if (!session) throw new Error('useSignedIn on a page shown without a session');
  return session;
}

/** The session, or null when nobody is signed in; its settings become every page's (useMemberSettings asks no more). */
const fetchSession = () =>
  request<SessionInfo>(dashboardApi('/session'), { quietUnauthorized: true }).then(
    (session) => {
      rememberSettings(session.settings);
      return session;
    },
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    },
  );

/**
 * Reads the session once when the app starts (the first of a page's calls). Any later answer
 * saying the session is over sends the member to the sign-in page, back here afterwards.
 */
export function SessionProvider({ children, fallback, failed }: { children: ReactNode; fallback: ReactNode; failed: (error: ApiError, retry: () => void) => ReactNode }) {
  const [session, setSession] = useState<SessionInfo | null | undefined>(undefined);
  const [error, setError] = useState<ApiError>();
  const navigate = useNavigate();
  const location = useLocation();

  const load = async () => {
    setError(undefined);
    try {
      setSession(await fetchSession());
    } catch (failure) {
      setError(failure as ApiError);
    }
  };

  useEffect(() => {
    fetchSession().then(setSession, (failure: unknown) => setError(failure as ApiError));
  }, []);

  useEffect(
    () =>
      onSignedOut(() => {
        setSession(null);
        const back = `${location.pathname}${location.search}`;
        void navigate(`/sign-in?error=session_ended&return_to=${encodeURIComponent(back)}`);
      }),
    [location, navigate],
  );

  if (error) return <>{failed(error, () => void load())}</>;
  if (session === undefined) return <>{fallback}</>;
  const state: SessionState = {
    session,
    refresh: load,
    async signOut() {
      await request<void>(dashboardApi('/sign-out'), { method: 'POST', quietUnauthorized: true }).catch(() => undefined);
      setSession(null);
      void navigate('/sign-in?signed_out=1');
    },
  };
  return <SessionContext.Provider value={state}>{children}</SessionContext.Provider>;
}
