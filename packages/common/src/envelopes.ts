import type { AppError } from './app-error.js';

// A type alias so envelopes are plain JSON records (MCP structured content, stored responses).
export type ErrorEnvelope = {
  error: { code: string; message: string; details?: Record<string, string> };
};

export function errorEnvelope(error: Pick<AppError, 'code' | 'message' | 'details'>): ErrorEnvelope {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    },
  };
}

export const INTERNAL_ERROR_ENVELOPE: ErrorEnvelope = {
  error: { code: 'internal_error', message: 'unexpected server error' },
};
