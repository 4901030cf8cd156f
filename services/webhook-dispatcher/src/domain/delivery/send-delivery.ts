import { isPrivateAddressRefusal, RequestTimeoutError, type GuardedRequestSender } from '@lps/outbound';
import { parseRetryAfter } from './retry-policy.js';

/** What one POST produced, in the words the delivery record uses. */
export interface AttemptOutcome {
  ok: boolean;
  /** HTTP status when the receiver answered at all. */
  responseCode: number | null;
  /** Why it failed, for `last_error`; null on success. */
  error: string | null;
  /** Receiver-requested pause (Retry-After on 429/503), in ms. */
  retryAfterMs: number | null;
  /** 410 Gone: the receiver wants nothing more from this endpoint. */
  gone: boolean;
  /** No complete answer within the time-out (counts towards pausing the endpoint). */
  timedOut: boolean;
}

/** The setting that lets deliveries reach private addresses: every message about a refusal names it. */
export const ALLOW_PRIVATE_SETTING = 'LPS_ALLOW_PRIVATE_URLS';

/** Enough of a receiver's answer to explain a failure; the guarded POST reads no more than this. */
export const SNIPPET_BYTES = 300;

/**
 * POSTs one signed body. Only 2xx succeeds; a redirect is a failure (it is not
 * followed). Network errors, time-outs and refused private addresses are
 * failures with a readable reason.
 */
export async function sendDelivery(post: GuardedRequestSender, url: string, body: string, headers: Record<string, string>): Promise<AttemptOutcome> {
  try {
    const answer = await post(url, body, headers);
    const snippet = answer.body.replace(/\s+/g, ' ').trim();
    const code = answer.statusCode;
    const ok = code >= 200 && code < 300;
    const retryAfter = code === 429 || code === 503 ? parseRetryAfter(answer.headers['retry-after']) : null;
    const where = code >= 300 && code < 400 ? ` (redirect to ${answer.headers.location ?? '?'} not followed)` : '';
    return { ok, responseCode: code, error: ok ? null : `HTTP ${code}${where}${snippet ? `: ${snippet}` : ''}`, retryAfterMs: retryAfter, gone: code === 410, timedOut: false };
  } catch (error) {
    const reason = isPrivateAddressRefusal(error)
      ? `refused: the target resolves to a private address (${(error as Error).message}); ${ALLOW_PRIVATE_SETTING}=1 allows it, for local development`
      : `${(error as { code?: string }).code ?? 'ERROR'}: ${(error as Error).message}`;
    return { ok: false, responseCode: null, error: reason, retryAfterMs: null, gone: false, timedOut: error instanceof RequestTimeoutError };
  }
}
