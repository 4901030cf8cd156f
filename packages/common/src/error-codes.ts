/** The stable error codes of the contract (docs/api.md "Errors"). */
export const ERROR_STATUS = {
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  /** Extension (decision 0028): the path exists, the method does not; `Allow` lists those it has. */
  method_not_allowed: 405,
  conflict: 409,
  validation_error: 422,
  unprocessable: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
