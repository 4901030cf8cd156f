/**
 * The page's one way to the server: JSON over fetch, same origin, with the session cookie
 * (HttpOnly: the page never reads it). No API key exists in the browser; the one answer that
 * creates a key carries it once and the page drops it when its dialog closes.
 */

export interface ErrorBody {
  code: string;
  message: string;
  details?: Record<string, string>;
}

/** An answer in the error envelope, or the network failing: shown in words beside what caused it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, string> = {},
  ) {
    super(message);
  }

  /** The message for one field (`details[field]`), if the server named it. */
  forField(field: string): string | undefined {
    return this.details[field];
  }
}

type Listener = (error: ApiError) => void;
const signedOutListeners = new Set<Listener>();

/** Called when any answer says the session is over (401): the app goes back to the sign-in page. */
export function onSignedOut(listener: Listener): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** A 401 is expected here (the session probe, a sign-in attempt): do not announce a sign-out. */
  quietUnauthorized?: boolean;
}

/** An error answer's body read as the envelope; anything else (a proxy's page, say) is named by its status. */
export function errorFromText(status: number, statusText: string, text: string): ApiError {
  try {
    const parsed = JSON.parse(text) as { error?: ErrorBody };
    if (parsed.error?.code) return new ApiError(status, parsed.error.code, parsed.error.message, parsed.error.details);
  } catch {
    // not the envelope
  }
  return new ApiError(status, 'http_error', `The server answered ${status} ${statusText}.`);
}

/** Tells the app the session is over when an answer says so (a 401), unless it was expected. */
export function announceIfSignedOut(error: ApiError, quietUnauthorized = false): void {
  if (error.status === 401 && !quietUnauthorized) for (const listener of signedOutListeners) listener(error);
}

async function errorOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  return errorFromText(response.status, response.statusText, text);
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'The server could not be reached. Check your connection and try again.');
  }
  if (!response.ok) {
    const error = await errorOf(response);
    announceIfSignedOut(error, options.quietUnauthorized);
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** The member's own API, reached through the session: the same routes and answers as /api/v1. */
export const memberApi = (path: string): string => `/dashboard/api/v1${path}`;

/** The dashboard's own JSON (session, keys, sessions, connection). */
export const dashboardApi = (path: string): string => `/dashboard/api${path}`;
