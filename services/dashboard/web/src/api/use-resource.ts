import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { ApiError } from './client.js';

export interface Resource<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  /** Reads it again (after a change made on the page); the data shown stays until the new answer. */
  reload: () => void;
}

interface Settled<T> {
  key: string | null;
  generation: number;
  data?: T;
  error?: ApiError;
}

/**
 * One read a page needs to show itself, started on mount and again when `key` changes or
 * `reload` is called. Data belongs to its key: another key's answer is never shown, and an
 * answer that arrives after the key moved on is dropped.
 */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const [generation, setGeneration] = useState(0);
  const [settled, setSettled] = useState<Settled<T>>({ key: null, generation: -1 });
  const read = useEffectEvent(load);

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    read(controller.signal).then(
      (data) => setSettled({ key, generation, data }),
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        const error = failure instanceof ApiError ? failure : new ApiError(0, 'client_error', (failure as Error).message);
        setSettled((previous) => ({ key, generation, data: previous.key === key ? previous.data : undefined, error }));
      },
    );
    return () => controller.abort();
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const current = settled.key === key;
  return {
    data: current ? settled.data : undefined,
    error: current ? settled.error : undefined,
    loading: key !== null && (!current || settled.generation !== generation),
    reload,
  };
}
