import type { Prisma } from './generated/prisma/client.js';

/** The spec's four events, then the LinkedIn grant's end (docs/webhooks.md, decision 0019), then review (decision 0031). */
export const WEBHOOK_EVENTS = [
  'post.published',
  'post.publish_failed',
  'post.images_ready',
  'idea.created',
  'connection.ending',
  'connection.ended',
  'connection.revoked',
  'post.approved',
  'post.rejected',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** Sent to one endpoint on request (POST /webhooks/{id}/test), whatever it subscribed to; never subscribed to. */
export const TEST_EVENT = 'webhook.test' as const;
/** Every event a delivery can carry: the subscribable ones and the test event. */
export const DELIVERED_EVENTS = [...WEBHOOK_EVENTS, TEST_EVENT] as const;
export type DeliveredEventType = (typeof DELIVERED_EVENTS)[number];

/** An outbox row as its body is made from it. */
export interface OutboxEventRow {
  id: string;
  type: string;
  payload: unknown;
  createdAt: Date;
}

/**
 * An event's body, the one shape for every reader of the outbox: what a webhook delivery
 * sends (docs/webhooks.md "Delivery body") and what the dashboard's live stream sends as an
 * event's data. Built from the stored row alone, so every retry sends the same bytes; the
 * `data` written by the producer passes through untouched.
 */
export const outboxEventBody = (event: OutboxEventRow): string =>
  JSON.stringify({ id: event.id, type: event.type, created_at: event.createdAt.toISOString(), data: event.payload });

export interface NewOutboxEvent {
  memberId: string;
  type: WebhookEventType;
  data: Prisma.InputJsonValue;
}
