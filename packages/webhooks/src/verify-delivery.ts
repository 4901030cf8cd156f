import type { RawBody } from './signatures.js';
import { verifyLpsSignature, verifyStandardWebhook, WebhookVerificationError, type VerifyOptions } from './verify.js';

/** Header lookup that works with Node's lower-cased `req.headers`, a fetch `Headers` or a plain object. */
type HeaderSource = Record<string, string | string[] | undefined> | { get(name: string): string | null };

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const value = record[name] ?? record[name.toLowerCase()] ?? Object.entries(record).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
  return Array.isArray(value) ? value[0] : value;
}

export interface VerifiedDelivery<T = unknown> {
  /** The delivery id (stable across retries): dedupe on it. */
  deliveryId: string;
  event: string | undefined;
  payload: T;
}

/**
 * Verifies one lps delivery with both signatures (X-LPS-Signature and Standard
 * Webhooks, with its timestamp tolerance) and returns the parsed body. Pass the
 * raw body bytes exactly as received. Throws WebhookVerificationError.
 */
export function verifyDelivery<T = unknown>(secret: string, rawBody: RawBody, headers: HeaderSource, options: VerifyOptions = {}): VerifiedDelivery<T> {
  if (!verifyLpsSignature(secret, rawBody, header(headers, 'x-lps-signature'))) {
    throw new WebhookVerificationError('bad_signature', 'X-LPS-Signature does not match the body');
  }
  const id = header(headers, 'webhook-id');
  verifyStandardWebhook(secret, rawBody, { id, timestamp: header(headers, 'webhook-timestamp'), signature: header(headers, 'webhook-signature') }, options);
  const text = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8');
  return { deliveryId: id as string, event: header(headers, 'x-lps-event'), payload: JSON.parse(text) as T };
}
