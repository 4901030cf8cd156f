import type { Response } from 'express';
import type { Logger } from '@lps/logger';

/**
 * A request's own ids, handed down explicitly: its logger (a child carrying
 * request_id, and member_id once authenticated) and the id that jobs it causes
 * carry. Set by the request-id middleware, widened by authentication.
 */
export interface RequestScope {
  id: string;
  log: Logger;
}

export const requestScopeOf = (res: Response): RequestScope => res.locals.scope as RequestScope;

/** The request's logger, or `fallback` for a request that failed before it was given one. */
export const requestLogOf = (res: Response, fallback: Logger): Logger => (res.locals.scope as RequestScope | undefined)?.log ?? fallback;

export function setRequestScope(res: Response, scope: RequestScope): void {
  res.locals.scope = scope;
}
