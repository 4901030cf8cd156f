import { ERROR_STATUS, type ErrorCode } from './error-codes.js';

export type ErrorDetails = Record<string, string>;

export interface AppErrorOptions {
  details?: ErrorDetails;
  /** Response headers the error carries (Retry-After on 429/503). */
  headers?: Record<string, string>;
  cause?: unknown;
}

/**
 * The one error class of the service. Thrown anywhere, rendered once by the
 * HTTP error middleware (or the MCP tool wrapper) into the error envelope.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetails | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

export const notFound = (what = 'resource'): AppError => new AppError('not_found', `${what} not found`);

/** A known path asked with a method it does not have: 405 with the methods it has in `Allow` (RFC 9110 §15.5.6). */
export const methodNotAllowed = (method: string, path: string, allow: string[]): AppError =>
  new AppError('method_not_allowed', `${path} does not take ${method}; it takes ${allow.join(', ')}`, { headers: { Allow: allow.join(', ') } });

export const conflict = (message: string): AppError => new AppError('conflict', message);

export const validationError = (details: ErrorDetails, message = 'request failed validation'): AppError => new AppError('validation_error', message, { details });

export const unprocessable = (message: string, details?: ErrorDetails): AppError => new AppError('unprocessable', message, details ? { details } : {});

export const unauthorized = (message = 'missing, invalid or revoked API key'): AppError => new AppError('unauthorized', message);

export const rateLimited = (retryAfterSeconds: number): AppError =>
  new AppError('rate_limited', 'rate limit exceeded; retry after the time in Retry-After', {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

export const serviceUnavailable = (message: string, retryAfterSeconds = 30, cause?: unknown): AppError =>
  new AppError('service_unavailable', message, {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    cause,
  });
