import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { errorEnvelope, failedDependency, INTERNAL_ERROR_ENVELOPE, isAppError, notFound, serviceUnavailable } from '@lps/common';
import type { Logger } from '@lps/logger';
import { requestLogOf } from './request-scope.js';
import type { HandlerResult } from './route.js';

/**
 * A cause as a log field: an error as String() renders it (`Name: message`), a string as it is.
 * Anything else only by its type: an object's fields could carry a token the log must not hold.
 */
function describeCause(cause: unknown): string {
  if (cause === undefined || cause === null) return '';
  if (cause instanceof Error || typeof cause === 'string') return String(cause);
  return `(a cause of type ${typeof cause})`;
}

/**
 * Turns anything thrown into the error envelope. Expected client errors log at
 * warn; surprises log at error with the request id, and the caller sees only
 * `internal_error` — never a stack or a message from inside.
 */
/** Seconds a client is asked to wait while PostgreSQL or Redis is unreachable: reconnection takes a few. */
const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

export function errorToResult(error: unknown, logger: Logger, req: Request): HandlerResult {
  const dependency = isAppError(error) ? undefined : failedDependency(error);
  if (dependency) {
    logger.warn(`${req.method} ${req.originalUrl} answered 503: ${dependency} unreachable`, { error: error instanceof Error ? error.message.split('\n').pop() : String(error) });
    const unavailable = serviceUnavailable(`a service dependency is unavailable (${dependency}); retry later`, DEPENDENCY_RETRY_AFTER_SECONDS, error);
    return { status: unavailable.status, body: errorEnvelope(unavailable), headers: unavailable.headers };
  }
  if (isAppError(error)) {
    if (error.status >= 500) {
      logger.error(`${req.method} ${req.originalUrl} failed: ${error.message}`, { code: error.code, cause: describeCause(error.cause) });
    } else {
      logger.warn(`${req.method} ${req.originalUrl} answered ${error.status} ${error.code}`);
    }
    return { status: error.status, body: errorEnvelope(error), headers: error.headers };
  }
  logger.error(`${req.method} ${req.originalUrl} failed unexpectedly`, {
    error: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  });
  return { status: 500, body: INTERNAL_ERROR_ENVELOPE };
}

/**
 * What an error middleware answers: the error's result, or nothing when the answer had already
 * started (the connection is ended instead). `logger` serves requests that failed before the
 * request-id middleware gave them their own.
 */
export function resultUnlessAnswerStarted(error: unknown, logger: Logger, req: Request, res: Response): HandlerResult | undefined {
  const result = errorToResult(error, requestLogOf(res, logger), req);
  if (!res.headersSent) return result;
  res.end();
  return undefined;
}

export const errorMiddleware =
  (logger: Logger): ErrorRequestHandler =>
  (error, req, res, _next) => {
    const result = resultUnlessAnswerStarted(error, logger, req, res);
    if (!result) return;
    res
      .status(result.status)
      .set(result.headers ?? {})
      .json(result.body);
  };

export const unknownRoute: RequestHandler = (req, _res, next) => next(notFound(`route ${req.method} ${req.path}`));
