import type { Request, RequestHandler, Response } from 'express';
import { unauthorized } from '@lps/common';
import type { Session } from '@lps/db';
import { requestScopeOf, useCaseDeps, type AuthStrategy, type Caller, type OutsideClients } from '@lps/api';
import type { Runtime } from '@lps/runtime';
import { readSession } from '../domain/sessions/sessions.js';
import { readCookies, SESSION_COOKIE } from './cookies.js';

/** The session a request carries, once `loadSession` or the strategy ran (null: none, or over). */
export const sessionOf = (res: Response): Session | null => (res.locals.session as Session | null | undefined) ?? null;

/** Reads the request's session cookie into `res.locals.session` (for routes that work signed in or not). */
export async function loadSession(runtime: Runtime, clients: OutsideClients, req: Request, res: Response): Promise<Session | null> {
  if (res.locals.session !== undefined) return sessionOf(res);
  const session = await readSession(useCaseDeps(runtime, clients, requestScopeOf(res)), readCookies(req).get(SESSION_COOKIE));
  res.locals.session = session;
  return session;
}

/**
 * The dashboard's way into the API's routes (decision 0034): the session cookie instead of a bearer
 * key. The caller is the session's member with the `full` scope; rate limits count per session; no
 * Idempotency-Key (its records belong to API keys). The CSRF rule ran before this.
 */
export function sessionAuth(runtime: Runtime, clients: OutsideClients): AuthStrategy {
  const authenticate: RequestHandler = async (req, res, next) => {
    try {
      const session = await loadSession(runtime, clients, req, res);
      if (!session) return next(unauthorized('not signed in, or the session has ended: sign in again'));
      const caller: Caller = { memberId: session.memberId, keyId: `session:${session.id}`, scope: 'full' };
      res.locals.caller = caller;
      requestScopeOf(res).identify(session.memberId);
      next();
    } catch (error) {
      next(error);
    }
  };
  return { authenticate, idempotency: false };
}
