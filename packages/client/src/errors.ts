/** The error codes of the API (docs/api.md), plus this client's own for an answer that never came. */
export type ErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'validation_error'
  | 'unprocessable'
  | 'conflict'
  | 'rate_limited'
  | 'internal_error'
  | 'service_unavailable'
  | 'connection_error'
  | 'timeout';

export interface LpsErrorInit {
  // `string & {}` keeps ErrorCode's names in editors' completion while accepting codes a newer API may add.
  code: ErrorCode | (string & {});
  message: string;
  status?: number;
  details?: Record<string, string>;
  requestId?: string;
  retryAfterSeconds?: number;
  cause?: unknown;
}

/** Everything this client throws. `code` is the API's stable code; `details` names fields; `requestId` finds the request in lps's logs. */
export class LpsError extends Error {
  readonly code: string;
  /** The HTTP status; undefined when no answer came (connection_error, timeout). */
  readonly status: number | undefined;
  readonly details: Record<string, string> | undefined;
  readonly requestId: string | undefined;
  /** Seconds the API asked to wait (429, 503). */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: LpsErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.code = init.code;
    this.status = init.status;
    this.details = init.details;
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export class AuthenticationError extends LpsError {}
export class NotFoundError extends LpsError {}
/** 422 `validation_error` (see `details`) or `unprocessable`. */
export class ValidationError extends LpsError {}
export class ConflictError extends LpsError {}
export class RateLimitError extends LpsError {}
export class ServiceUnavailableError extends LpsError {}
export class InternalServerError extends LpsError {}
/** No answer: the connection failed or was cut. */
export class ConnectionError extends LpsError {}
/** `waitForPost` ran out of time. */
export class TimeoutError extends LpsError {}

/** A publication failed for good: `post.last_error` says why. */
export class PublishFailedError extends LpsError {
  constructor(readonly post: { id: string; last_error?: string | null }) {
    super({ code: 'publish_failed', message: `the publication of post ${post.id} failed: ${post.last_error ?? 'no reason given'}` });
  }
}

const CLASSES: Record<string, new (init: LpsErrorInit) => LpsError> = {
  unauthorized: AuthenticationError,
  not_found: NotFoundError,
  validation_error: ValidationError,
  unprocessable: ValidationError,
  conflict: ConflictError,
  rate_limited: RateLimitError,
  service_unavailable: ServiceUnavailableError,
  internal_error: InternalServerError,
};

/** The exception for an error answer (the API's envelope; a body that is not one still gives the status). */
export function errorFromAnswer(status: number, body: unknown, requestId: string | undefined, retryAfterSeconds: number | undefined): LpsError {
  const envelope = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined)?.error;
  const code = typeof envelope?.code === 'string' ? envelope.code : status >= 500 ? 'internal_error' : `http_${status}`;
  const message = typeof envelope?.message === 'string' ? envelope.message : `the API answered ${status}`;
  const details = envelope?.details && typeof envelope.details === 'object' ? (envelope.details as Record<string, string>) : undefined;
  const Class = CLASSES[code] ?? LpsError;
  return new Class({ code, message, status, details, requestId, retryAfterSeconds });
}
