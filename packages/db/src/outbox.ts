import { randomUUID } from 'node:crypto';
import { currentTraceMetadata } from '@lps/telemetry';
import type { Sql } from './client.js';
import type { Prisma } from './generated/prisma/client.js';

/** The spec's four events, then the LinkedIn grant's end (docs/webhooks.md, decision 0019). */
export const WEBHOOK_EVENTS = [
  'post.published',
  'post.publish_failed',
  'post.images_ready',
  'idea.created',
  'connection.ending',
  'connection.ended',
  'connection.revoked',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export interface NewOutboxEvent {
  memberId: string;
  type: WebhookEventType;
  data: Prisma.InputJsonValue;
}

/**
 * Records an event inside the caller's transaction. The webhook dispatcher's relay
 * turns it into deliveries; writing it here, with the state change, is what makes
 * "changed but never announced" impossible. With tracing on, the row keeps the
 * trace it was written in, and the relay hands it to the event's delivery jobs.
 */
export async function appendOutboxEvent(tx: Prisma.TransactionClient, event: NewOutboxEvent): Promise<{ id: string }> {
  return tx.outboxEvent.create({
    data: { memberId: event.memberId, type: event.type, payload: event.data, traceContext: currentTraceMetadata() ?? null },
    select: { id: true },
  });
}

/**
 * `appendOutboxEvent` in plain SQL, for hot paths (docs/decisions/0008): pass the
 * client of an `inSqlTransaction`. The id is made here, as Prisma's uuid() default does.
 */
export async function appendOutboxEventSql(client: Sql, event: NewOutboxEvent): Promise<{ id: string }> {
  const id = randomUUID();
  await client.query({
    name: 'lps-append-outbox-event',
    text: 'INSERT INTO outbox_events (id, member_id, type, payload, trace_context) VALUES ($1, $2, $3, $4, $5)',
    values: [id, event.memberId, event.type, JSON.stringify(event.data), currentTraceMetadata() ?? null],
  });
  return { id };
}
