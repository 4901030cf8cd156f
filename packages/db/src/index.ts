export * from './generated/prisma/client.js';
export { createDb, createSqlPool, inTransaction, inSqlTransaction, type Db, type DbOrTx, type DbOptions, type Sql, type SqlPool } from './client.js';
export { createCallBatcher, createKeyedBatcher, type CallBatcherOptions } from './call-batcher.js';
export {
  outboxEventBody,
  type OutboxEventRow,
  DELIVERED_EVENTS,
  TEST_EVENT,
  WEBHOOK_EVENTS,
  type DeliveredEventType,
  type NewOutboxEvent,
  type WebhookEventType,
} from './outbox.js';
export { type KeysetPosition, toPage, NEWEST_FIRST } from './keyset.js';
export * from './repositories/members.js';
export * from './repositories/api-keys.js';
export * from './repositories/sessions.js';
export * from './repositories/sign-in.js';
export * from './repositories/member-identities.js';
export * from './repositories/posts.js';
export * from './repositories/own-transaction/mark-published-by-hand.js';
export * from './sql/link-previews.js';
export { runPrepared } from './sql/run-prepared.js';
export * from './sql/publish-path/statements.js';
export * from './sql/publish-path/mark-published.js';
export * from './repositories/mark-publish-failed.js';
export * from './repositories/publications-to-sweep.js';
export * from './sql/publish-path/publish-media.js';
export * from './sql/publish-path/give-back-attempt.js';
export * from './sql/publish-path/publish-images.js';
export * from './sql/publish-path/batched-statements.js';
export * from './repositories/schedule-expiry-flags.js';
export * from './repositories/network-connections.js';
export * from './repositories/analytics-connections.js';
export * from './repositories/oauth-states.js';
export * from './repositories/own-transaction/connection-notices.js';
export * from './repositories/schema-state.js';
export { postFromRow, type PostRow } from './sql/rows/post-row.js';
export * from './repositories/ideas.js';
export * from './repositories/webhook-endpoints.js';
export * from './repositories/own-transaction/endpoint-within-cap.js';
// The dispatcher's hot path, in plain SQL (decision 0008).
export * from './sql/outbox-relay.js';
export * from './sql/webhook-attempts.js';
export * from './repositories/idempotency.js';
export * from './repositories/encrypted-columns.js';
export * from './wire/post.js';
export * from './wire/post-images.js';
export * from './wire/post-poll.js';
export * from './wire/post-media.js';
export * from './wire/link-preview.js';
export * from './wire/idea.js';
export * from './wire/member.js';
export * from './wire/webhook.js';
export * from './wire/connection-event.js';
export * from './sql/post-metrics.js';
export * from './repositories/image-requests.js';
export * from './repositories/post-image-candidates.js';
export * from './repositories/in-transaction/post-writes.js';
export * from './repositories/dropped-files.js';
export * from './repositories/in-transaction/outbox-event.js';
export * from './sql/outbox-event.js';
export * from './repositories/research-requests.js';
export * from './repositories/webhook-deliveries.js';
export * from './repositories/own-transaction/test-delivery.js';
export * from './sql/reads/index.js';
export * from './wire/analytics.js';
export { createRepositories, type DatabaseClients, type Repositories, type TransactionRepositories } from './access/repositories.js';
export type { Bound, BoundTo } from './access/bind-client.js';
export * from './sql/publish-path/mark-published-with-event.js';
export * from './repositories/member-settings.js';
export * from './sql/posting-slots.js';
export * from './sql/post-review.js';
export * from './repositories/published-results.js';
export * from './wire/member-settings.js';
export * from './wire/api-key.js';
export * from './wire/post-title.js';
