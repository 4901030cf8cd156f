import { randomUUID } from 'node:crypto';
import { ConnectionError, errorFromAnswer, LpsError } from './errors.js';
import { OPERATIONS, type OperationId } from './generated/operations.js';

export interface ClientOptions {
  /** The API's base, e.g. `http://127.0.0.1:3000/api/v1`. */
  baseUrl: string;
  /** `lps_` + 32 hex characters. */
  apiKey: string;
  /** Retries after a 429 or 503, or a lost connection where repeating is safe (default 3). */
  maxRetries?: number;
  /** The longest wait between two tries; a Retry-After beyond it is thrown to you at once (default 60 000 ms). */
  maxRetryDelayMs?: number;
  /** One try's time-out (default 60 000 ms). */
  timeoutMs?: number;
  /** Another fetch (tests, proxies). */
  fetch?: typeof fetch;
}

/** One call on the wire, before its retries. */
export interface WireRequest {
  operation: OperationId;
  path?: Record<string, string | number>;
  query?: Record<string, unknown>;
  /** A JSON value, or FormData for a multipart upload. */
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** What fetch itself rejects with: the signal's reason, or an AbortError when the reason is not an Error. */
const abortReason = (signal: AbortSignal): Error => (signal.reason instanceof Error ? signal.reason : new DOMException('This operation was aborted', 'AbortError'));

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(abortReason(signal))), { once: true });
  });

/** Retry-After as seconds or an HTTP date, in milliseconds; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\s*\d+\s*$/.test(header)) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Exponential backoff with jitter when the API named no wait: 0.5 s, 1 s, 2 s, … up to 8 s. */
const backoffMs = (retry: number) => Math.min(8_000, 500 * 2 ** retry) * (0.75 + Math.random() * 0.5);

/** The API's query parameters are scalars (strings, numbers, booleans); anything else is a caller's mistake. */
function queryValue(name: string, value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new TypeError(`query parameter ${name} must be a string, number or boolean`);
}

function urlOf(baseUrl: string, template: string, path: Record<string, string | number> = {}, query: Record<string, unknown> = {}): string {
  const filled = template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = path[name];
    if (value === undefined) throw new TypeError(`path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${filled}`);
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null) url.searchParams.set(name, queryValue(name, value));
  return url.href;
}

/**
 * Sends one operation, with its retries: a 429 or 503 is tried again after the Retry-After it
 * carries (exponential backoff without one), at most `maxRetries` times and never waiting past
 * `maxRetryDelayMs`; a lost connection is tried again only where repeating cannot do the work twice
 * (GET, DELETE, and the (idem) operations, whose Idempotency-Key is made once and sent with every try).
 */
export class Transport {
  private readonly fetch: typeof fetch;
  private readonly maxRetries: number;
  private readonly maxRetryDelayMs: number;
  private readonly timeoutMs: number;

  constructor(private readonly options: ClientOptions) {
    if (!options.baseUrl || !/^https?:\/\//.test(options.baseUrl)) throw new TypeError('baseUrl must be an http(s) URL, e.g. http://127.0.0.1:3000/api/v1');
    if (!options.apiKey) throw new TypeError('apiKey is required');
    this.fetch = options.fetch ?? globalThis.fetch;
    this.maxRetries = options.maxRetries ?? 3;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 60_000;
    this.timeoutMs = options.timeoutMs ?? 60_000;
  }

  async send<T>(request: WireRequest): Promise<T> {
    const operation = OPERATIONS[request.operation];
    const url = urlOf(this.options.baseUrl, operation.path, request.path, request.query);
    const headers: Record<string, string> = { authorization: `Bearer ${this.options.apiKey}`, accept: 'application/json' };
    const idempotencyKey = operation.idempotent ? (request.idempotencyKey ?? randomUUID()) : undefined;
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let body: string | FormData | undefined;
    if (request.body instanceof FormData) body = request.body;
    else if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers['content-type'] = 'application/json';
    }
    const repeatable = operation.method === 'GET' || operation.method === 'DELETE' || Boolean(idempotencyKey);
    for (let retry = 0; ; retry += 1) {
      let answer: Response;
      try {
        const timeout = AbortSignal.timeout(this.timeoutMs);
        answer = await this.fetch(url, {
          method: operation.method,
          headers,
          body,
          signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
          redirect: 'error',
        });
      } catch (error) {
        if (request.signal?.aborted) throw error;
        if (!repeatable || retry >= this.maxRetries)
          throw new ConnectionError({ code: 'connection_error', message: `no answer from ${operation.method} ${url}: ${(error as Error).message}`, cause: error });
        await sleep(backoffMs(retry), request.signal);
        continue;
      }
      const requestId = answer.headers.get('x-request-id') ?? undefined;
      const text = await answer.text();
      const parsed = text && /json/.test(answer.headers.get('content-type') ?? '') ? (JSON.parse(text) as unknown) : undefined;
      if (answer.ok) return parsed as T;
      const wait = retryAfterMs(answer.headers.get('retry-after'));
      const error = errorFromAnswer(answer.status, parsed, requestId, wait === undefined ? undefined : Math.ceil(wait / 1000));
      if (!this.shouldRetry(answer.status, error, retry, wait)) throw error;
      await sleep(wait ?? backoffMs(retry), request.signal);
    }
  }

  private shouldRetry(status: number, error: LpsError, retry: number, waitMs: number | undefined): boolean {
    if (retry >= this.maxRetries || (waitMs ?? 0) > this.maxRetryDelayMs) return false;
    if (status === 429 || status === 503) return true;
    // A try after a lost answer may find the first still running under the same key: wait for it.
    return status === 409 && retry > 0 && /Idempotency-Key is still in progress/.test(error.message);
  }
}
