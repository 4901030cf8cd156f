export { LpsClient, type WaitOptions } from './client.js';
export type { ClientOptions } from './transport.js';
export {
  LpsError,
  AuthenticationError,
  NotFoundError,
  ValidationError,
  ConflictError,
  RateLimitError,
  ServiceUnavailableError,
  InternalServerError,
  ConnectionError,
  TimeoutError,
  PublishFailedError,
  type ErrorCode,
} from './errors.js';
export type { UploadSource, UploadOptions } from './uploads.js';
export type { CursorPage } from './pages.js';
export type { CallInput, ResponseBody, RequestBody, PathParams, QueryParams, Schema, Post, Idea, Member, Webhook, ErrorBody, LpsEvent, EventType } from './types.js';
export { OPERATIONS, API_VERSION, type OperationId } from './generated/operations.js';
export type { paths, components, operations, webhooks } from './generated/openapi.js';
export { verifyEvent, verifyDelivery, verifyLpsSignature, verifyStandardWebhook, WebhookVerificationError, type VerifiedDelivery, type VerifyOptions } from './webhooks.js';
