import type { LpsEvent } from './types.js';
import { verifyDelivery, type VerifiedDelivery, type VerifyOptions } from './generated/webhooks/index.js';

export { verifyDelivery, verifyLpsSignature, verifyStandardWebhook, WebhookVerificationError, type VerifiedDelivery, type VerifyOptions } from './generated/webhooks/index.js';

/**
 * Checks a delivery's signatures (X-LPS-Signature and Standard Webhooks, the timestamp within
 * 5 minutes) on the raw body exactly as received, and returns the event typed by its `type`.
 * Throws WebhookVerificationError. Dedupe on `deliveryId`: deliveries are at least once.
 */
export function verifyEvent(secret: string, rawBody: string | Uint8Array, headers: Parameters<typeof verifyDelivery>[2], options?: VerifyOptions): VerifiedDelivery<LpsEvent> {
  return verifyDelivery<LpsEvent>(secret, rawBody, headers, options);
}
