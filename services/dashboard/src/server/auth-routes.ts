import express, { type Request, type Response, type Router } from 'express';
import { isAppError } from '@lps/common';
import { OPAQUE_TOKEN_PATTERN } from '@lps/crypto';
import { requestScopeOf, useCaseDeps, type OutsideClients } from '@lps/api';
import type { Runtime } from '@lps/runtime';
import { startSession } from '../domain/sessions/sessions.js';
import { beginSignIn, SANDBOX_AUTHORIZE_PATH, SIGN_IN_ATTEMPT_MS } from '../domain/sign-in/begin-sign-in.js';
import { finishSignIn, type SignInError } from '../domain/sign-in/finish-sign-in.js';
import { safeReturnTo } from '../domain/sign-in/return-to.js';
import { SANDBOX_MEMBER, sandboxPersonNamed, signSandboxCode } from '../domain/sign-in/sandbox-code.js';
import { clearCookie, cookieHeader, PRE_SESSION_COOKIE, readCookies } from './cookies.js';
import { readFormBody } from './form-body.js';
import { insecureHttpPage, notFoundPage } from './pages/pages.js';
import { sandboxAuthorizePage } from './pages/sandbox-authorize-page.js';
import { cookiesWouldBeDropped } from './plain-http.js';
import { sessionCookie } from './routes/session-routes.js';
import { loadSession } from './session-auth.js';
import { setHtmlHeaders } from './security-headers.js';

export const SIGN_IN_START_PATH = '/auth/network/start';
export const SIGN_IN_CALLBACK_PATH = '/auth/network/callback';
const DEFAULT_PAGE = '/posts';

const queryText = (value: unknown): string | undefined => (typeof value === 'string' && value.length <= 4_096 ? value : undefined);

/** A redirect of a sign-in step: no cache, no Referer (the URL it came from may carry a code and a state). */
function redirect(res: Response, location: string, cookies: string[] = []): void {
  setHtmlHeaders(res, { signIn: true });
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
  res.status(303).set({ 'Cache-Control': 'no-store', Location: location }).end();
}

const toSignInPage = (res: Response, error: SignInError | 'rate_limited') => redirect(res, `/sign-in?${new URLSearchParams({ error }).toString()}`);

/**
 * The browser's side of signing in with the network: start (state and nonce bound to a pre-session),
 * the callback (LinkedIn's redirect, and the sandbox's page's), and in sandbox mode the simulated
 * network's own authorize page. Every failure ends on /sign-in?error=…, never on a 5xx.
 */
export function authRoutes(runtime: Runtime, clients: OutsideClients, signInWait: (req: Request) => Promise<number>): Router {
  const router = express.Router();
  const { config } = runtime;
  const deps = (res: Response) => useCaseDeps(runtime, clients, requestScopeOf(res));
  const limited = async (req: Request, res: Response): Promise<boolean> => {
    const wait = await signInWait(req);
    if (wait === 0) return false;
    res.setHeader('Retry-After', String(wait));
    toSignInPage(res, 'rate_limited');
    return true;
  };

  router.get(SIGN_IN_START_PATH, async (req, res, next) => {
    try {
      // A refusal that reads nothing comes first; then the address's allowance.
      if (cookiesWouldBeDropped(req)) return insecureHttpPage(res, req.get('host') ?? req.hostname);
      if (await limited(req, res)) return;
      // LinkedIn comes back to LPS_SIGN_IN_REDIRECT_URI: the pre-session cookie must live on that origin.
      const callbackOrigin = new URL(config.dashboard.signInRedirectUri).origin;
      const here = `${req.protocol}://${req.get('host') ?? ''}`;
      if (config.network.mode === 'linkedin' && callbackOrigin !== here) return redirect(res, `${callbackOrigin}${req.originalUrl}`);
      const begun = await beginSignIn(deps(res), { preSessionToken: readCookies(req).get(PRE_SESSION_COOKIE), returnTo: safeReturnTo(req.query.return_to) });
      redirect(res, begun.authorizeUrl, [cookieHeader(PRE_SESSION_COOKIE, begun.preSessionToken, SIGN_IN_ATTEMPT_MS / 1000)]);
    } catch (error) {
      next(error);
    }
  });

  router.get(SIGN_IN_CALLBACK_PATH, async (req, res) => {
    try {
      if (await limited(req, res)) return;
      const outcome = await finishSignIn(deps(res), {
        state: queryText(req.query.state),
        code: queryText(req.query.code),
        error: queryText(req.query.error),
        preSessionToken: readCookies(req).get(PRE_SESSION_COOKIE),
      });
      if ('error' in outcome) return toSignInPage(res, outcome.error);
      const previous = await loadSession(runtime, clients, req, res);
      const { token, session } = await startSession(deps(res), {
        memberId: outcome.memberId,
        method: config.network.mode === 'linkedin' ? 'network' : 'sandbox',
        userAgent: req.get('user-agent'),
        previous,
      });
      redirect(res, outcome.returnTo ?? DEFAULT_PAGE, [sessionCookie(token, session.expiresAt), clearCookie(PRE_SESSION_COOKIE)]);
    } catch (error) {
      // Garbage, an outage, a bug: the browser lands on the sign-in page with a reason, never on a 500.
      requestScopeOf(res).log.error('sign-in callback failed', { error: (error as Error).message, code: isAppError(error) ? error.code : undefined });
      if (!res.headersSent) toSignInPage(res, 'unavailable');
    }
  });

  // The simulated network's authorize page: only in sandbox mode (LinkedIn has its own).
  router.get(SANDBOX_AUTHORIZE_PATH, (req, res) => {
    const state = queryText(req.query.state);
    if (config.network.mode !== 'sandbox') return notFoundPage(res, req.path);
    if (!state || !OPAQUE_TOKEN_PATTERN.test(state)) return toSignInPage(res, 'invalid');
    sandboxAuthorizePage(res, state);
  });
  router.post(SANDBOX_AUTHORIZE_PATH, async (req, res, next) => {
    try {
      if (config.network.mode !== 'sandbox') return notFoundPage(res, req.path);
      if (await limited(req, res)) return;
      const form = await readFormBody(req);
      const state = form.get('state') ?? '';
      if (!OPAQUE_TOKEN_PATTERN.test(state)) return toSignInPage(res, 'invalid');
      const name = form.get('name');
      const person = form.get('as') === 'sandbox-member' ? SANDBOX_MEMBER : sandboxPersonNamed(name ?? '');
      if (!person) return sandboxAuthorizePage(res, state, { name: (name ?? '').slice(0, 100), message: 'Enter a name of 1 to 100 characters.' });
      redirect(res, `${SIGN_IN_CALLBACK_PATH}?${new URLSearchParams({ code: signSandboxCode(person, state, runtime.keyring), state }).toString()}`);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
