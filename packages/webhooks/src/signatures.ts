import { createHmac } from 'node:crypto';

/** The byte form of a body as it travelled: sign and verify exactly these bytes, never a re-serialised object. */
export type RawBody = string | Uint8Array;

const SECRET_PREFIX = 'whsec_';

/**
 * The Standard Webhooks key: the bytes after `whsec_`, base64-decoded. A secret
 * without the prefix is taken as base64 as a whole (what other senders hand out).
 */
export function standardWebhooksKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Buffer.from(encoded, 'base64');
}

/** `X-LPS-Signature` value: `sha256=` + lowercase hex HMAC-SHA256 of the raw body, keyed with the whole secret string. */
export function lpsSignature(secret: string, body: RawBody): string {
  return `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex')}`;
}

/** `webhook-signature` value (Standard Webhooks v1): base64 HMAC-SHA256 of `id.timestamp.body`. */
export function standardWebhooksSignature(secret: string, id: string, timestamp: number | string, body: RawBody): string {
  const hmac = createHmac('sha256', standardWebhooksKey(secret));
  hmac.update(`${id}.${timestamp}.`);
  hmac.update(body);
  return `v1,${hmac.digest('base64')}`;
}

export interface SignedHeaders {
  'X-LPS-Signature': string;
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** Every signature header of one attempt; the sender and the tests use this one function. */
export function signDelivery(secret: string, deliveryId: string, timestampSeconds: number, body: RawBody): SignedHeaders {
  return {
    'X-LPS-Signature': lpsSignature(secret, body),
    'webhook-id': deliveryId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': standardWebhooksSignature(secret, deliveryId, timestampSeconds, body),
  };
}
