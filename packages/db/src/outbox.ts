import type { Prisma } from './generated/prisma/client.js';

export const WEBHOOK_EVENTS = ['post.published', 'post.publish_failed', 'post.images_ready', 'idea.created'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/**
 * Records an event inside the caller's transaction. The webhook dispatcher's relay
 * turns it into deliveries; writing it here, with the state change, is what makes
 * "changed but never announced" impossible.
 */
export async function appendOutboxEvent(
  tx: Prisma.TransactionClient,
  event: { memberId: string; type: WebhookEventType; data: Prisma.InputJsonValue },
): Promise<{ id: string }> {
  return tx.outboxEvent.create({
    data: { memberId: event.memberId, type: event.type, payload: event.data },
    select: { id: true },
  });
}
