export { lpsSignature, standardWebhooksSignature, standardWebhooksKey, signDelivery, type RawBody, type SignedHeaders } from './signatures.js';
export { verifyLpsSignature, verifyStandardWebhook, safeEqual, WebhookVerificationError, type StandardWebhookHeaders, type VerifyOptions } from './verify.js';
export { verifyDelivery, type VerifiedDelivery } from './verify-delivery.js';
