import type { ReactNode } from 'react';
import type { ApiError } from '../api/client.js';

/** An error in words, announced when it appears, next to what caused it. */
export function ErrorNote({ error, id }: { error: ApiError | string | undefined | null; id?: string }) {
  if (!error) return null;
  const text = typeof error === 'string' ? error : error.message;
  return (
    <p className="note error" role="alert" id={id}>
      {text}
    </p>
  );
}

/** A confirmation or status line, read out politely when it changes. */
export function StatusNote({ children }: { children: ReactNode }) {
  return (
    <p className="note status" role="status">
      {children}
    </p>
  );
}

/** While a page's data is on its way. */
export function Loading({ what }: { what: string }) {
  return (
    <p className="loading" role="status">
      Loading {what}…
    </p>
  );
}

/** When a page's data could not be read: the reason in words and a way to try again. */
export function LoadFailed({ error, what, retry }: { error: ApiError; what: string; retry: () => void }) {
  return (
    <div className="note error" role="alert">
      <p>
        {what} could not be loaded: {error.message}
      </p>
      <button type="button" className="button secondary" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
