import type { Got } from 'got';
import { isPrivateAddressRefusal } from '@lps/outbound';
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
}

/** Enough of a receiver's answer to explain a failure; the rest is never read into memory. */
const SNIPPET_BYTES = 300;

/**
 * POSTs one signed body. Only 2xx succeeds; a redirect is a failure (it is not
 * followed: the guarded client has maxRedirects 0). Network errors, time-outs
 * and refused private addresses are failures with a readable reason.
 */
export async function sendDelivery(client: Got, url: string, body: string, headers: Record<string, string>): Promise<AttemptOutcome> {
  try {
    const stream = client.stream.post(url, { body, headers });
    const response = await new Promise<import('got').Response>((resolve, reject) => {
      stream.once('response', resolve);
      stream.once('error', reject);
    });
    const snippet = await readSnippet(stream);
    const code = response.statusCode;
    const ok = code >= 200 && code < 300;
    const retryAfter = code === 429 || code === 503 ? parseRetryAfter(response.headers['retry-after']) : null;
    const where = code >= 300 && code < 400 ? ` (redirect to ${response.headers.location ?? '?'} not followed)` : '';
    return { ok, responseCode: code, error: ok ? null : `HTTP ${code}${where}${snippet ? `: ${snippet}` : ''}`, retryAfterMs: retryAfter, gone: code === 410 };
  } catch (error) {
    const reason = isPrivateAddressRefusal(error)
      ? `refused: the target resolves to a private address (${(error as Error).message})`
      : `${(error as { code?: string }).code ?? 'ERROR'}: ${(error as Error).message}`;
    return { ok: false, responseCode: null, error: reason, retryAfterMs: null, gone: false };
  }
}

function readSnippet(stream: NodeJS.ReadableStream & { destroy(): void }): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () => resolve(Buffer.concat(chunks).toString('utf8').slice(0, SNIPPET_BYTES).replace(/\s+/g, ' ').trim());
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= SNIPPET_BYTES) {
        stream.destroy();
        finish();
      }
    });
    stream.once('end', finish);
    stream.once('error', finish);
    stream.once('close', finish);
  });
}
