import type { Response } from 'express';
import type { Logger } from '@lps/logger';
import { RequestScope } from '../domain/request-scope.js';

// The class lives beside the use cases that receive it (domain/deps.ts); these helpers keep it on Express's response.
export { RequestScope };

export const requestScopeOf = (res: Response): RequestScope => res.locals.scope as RequestScope;

/** The request's logger, or `fallback` for a request that failed before it was given one. */
export const requestLogOf = (res: Response, fallback: Logger): Logger => (res.locals.scope as RequestScope | undefined)?.log ?? fallback;

export function setRequestScope(res: Response, scope: RequestScope): void {
  res.locals.scope = scope;
}
