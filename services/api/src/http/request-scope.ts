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

export function setRequestScope(res: Response, scope: RequestScope): void {
  res.locals.scope = scope;
}
