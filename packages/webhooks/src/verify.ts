import { timingSafeEqual } from 'node:crypto';
import { lpsSignature, standardWebhooksSignature, type RawBody } from './signatures.js';

/** Why a delivery was refused; `reason` is stable for logs and tests. */
export class WebhookVerificationError extends Error {
  constructor(
    readonly reason: 'missing_header' | 'bad_signature' | 'timestamp_out_of_tolerance' | 'bad_timestamp',
    message: string,
  ) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

/** Constant-time string compare; different lengths are unequal without leaking where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Checks `X-LPS-Signature: sha256=<hex>` over the raw body. */
export function verifyLpsSignature(secret: string, body: RawBody, header: string | undefined | null): boolean {
  if (!header) return false;
  return safeEqual(lpsSignature(secret, body), header.trim().toLowerCase());
}

export interface StandardWebhookHeaders {
  id: string | undefined | null;
  timestamp: string | undefined | null;
  signature: string | undefined | null;
}

export interface VerifyOptions {
  /** Allowed distance between the sender's timestamp and now; Standard Webhooks recommends 5 minutes. */
  toleranceSeconds?: number;
  /** Current unix time in seconds (tests). */
  nowSeconds?: number;
}

/**
 * Checks the Standard Webhooks headers: the timestamp is recent (replays of old
 * deliveries are refused) and one of the space-separated `v1,` signatures
 * matches (several appear while a secret is being rotated). Throws on failure.
 */
export function verifyStandardWebhook(secret: string, body: RawBody, headers: StandardWebhookHeaders, options: VerifyOptions = {}): void {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature) throw new WebhookVerificationError('missing_header', 'webhook-id, webhook-timestamp and webhook-signature are required');
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('bad_timestamp', 'webhook-timestamp must be unix seconds');
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookVerificationError('timestamp_out_of_tolerance', 'webhook-timestamp is too far from now (replay?)');
  }
  const expected = standardWebhooksSignature(secret, id, timestamp, body);
  const matches = signature.split(' ').some((candidate) => candidate.startsWith('v1,') && safeEqual(candidate, expected));
  if (!matches) throw new WebhookVerificationError('bad_signature', 'no webhook-signature matches the body');
}
