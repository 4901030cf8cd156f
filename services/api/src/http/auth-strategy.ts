import type { RequestHandler } from 'express';
import { outsideScope, scopeAllows, type Access } from '@lps/common';
import type { AuthFailureGuard } from './auth-failure-guard.js';
import type { KeyCache } from './key-cache.js';
import { authenticate } from './middleware/authenticate.js';
import type { Caller } from './route.js';

/**
 * How the routes of /api/v1 learn who is calling (decision 0034): a bearer API key on /api/v1 and
 * /mcp, a dashboard session on /dashboard/api/v1. Everything after it — rate limit, scope, validation,
 * use case, envelope — is the same code whichever strategy ran.
 */
export interface AuthStrategy {
  /** Sets `res.locals.caller` (and the request's log member) or passes a 401/429 on. */
  authenticate: RequestHandler;
  /** Whether Idempotency-Key is honoured: records belong to an API key, so a session honours none. */
  idempotency: boolean;
}

/** The API's own: `Authorization: Bearer lps_…`, unchanged for every client of /api/v1. */
export const bearerKeys = (keys: KeyCache, failures: AuthFailureGuard): AuthStrategy => ({ authenticate: authenticate(keys, failures), idempotency: true });

/**
 * 403 forbidden, naming the scope, when the caller's key may not do what the route does. Checked
 * after authentication and the rate limit (a refused request still counts), before the request's
 * shape: a read-only key learns nothing about a write's validation (decision 0036).
 */
export const requireAccess =
  (access: Access): RequestHandler =>
  (_req, res, next) => {
    const { scope } = res.locals.caller as Caller;
    next(scopeAllows(scope, access) ? undefined : outsideScope(scope));
  };
