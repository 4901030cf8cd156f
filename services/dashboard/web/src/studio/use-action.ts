import { useState } from 'react';
import { ApiError } from '../api/client.js';

export interface Action {
  /** Runs `work` unless this action is already running; its error, in words, stays until the next run. */
  run: <T>(work: () => Promise<T>) => Promise<T | undefined>;
  busy: boolean;
  error: ApiError | undefined;
  clear: () => void;
}

/** One thing a member can do on a page (save, queue, approve…): its progress and its error, kept apart from the others'. */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError>();
  return {
    busy,
    error,
    clear: () => setError(undefined),
    async run(work) {
      if (busy) return undefined;
      setBusy(true);
      setError(undefined);
      try {
        return await work();
      } catch (failure) {
        setError(failure instanceof ApiError ? failure : new ApiError(0, 'client_error', (failure as Error).message));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
  };
}
