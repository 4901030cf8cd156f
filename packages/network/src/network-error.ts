/**
 * How a failed network call should be handled:
 * - `retryable`: try again later (5xx, 429, network errors, time-outs);
 * - `permanent`: trying again cannot help (400, 403, 422, 426);
 * - `unauthorized`: the member's token is invalid, revoked or expired: they must reconnect;
 * - `duplicate`: the network already has this content; `duplicateOf` names the earlier post.
 */
export type NetworkErrorKind = 'retryable' | 'permanent' | 'unauthorized' | 'duplicate';

export interface NetworkErrorOptions {
  status?: number;
  code?: string;
  serviceErrorCode?: number;
  duplicateOf?: string;
  /** Do not retry before this time (a daily quota resets at midnight UTC). */
  retryAt?: Date;
  /** The request may have reached the network (time-out, reset connection): the outcome is unknown. */
  uncertain?: boolean;
  /** The request certainly never reached the network (connection refused, no route, name not resolved): repeating it is safe. */
  notSent?: boolean;
  cause?: unknown;
}

export class NetworkError extends Error {
  readonly kind: NetworkErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly serviceErrorCode: number | undefined;
  readonly duplicateOf: string | undefined;
  readonly retryAt: Date | undefined;
  readonly uncertain: boolean;
  readonly notSent: boolean;

  constructor(kind: NetworkErrorKind, message: string, options: NetworkErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'NetworkError';
    this.kind = kind;
    this.status = options.status;
    this.code = options.code;
    this.serviceErrorCode = options.serviceErrorCode;
    this.duplicateOf = options.duplicateOf;
    this.retryAt = options.retryAt;
    this.uncertain = options.uncertain ?? false;
    this.notSent = options.notSent ?? false;
  }

  get retryable(): boolean {
    return this.kind === 'retryable';
  }
}

export const isNetworkError = (error: unknown): error is NetworkError => error instanceof NetworkError;

/** Midnight UTC after `now`: when LinkedIn's daily quotas reset. */
export function nextUtcMidnight(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}
