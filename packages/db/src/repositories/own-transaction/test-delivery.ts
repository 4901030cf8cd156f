import type { Db } from '../../client.js';
import { TEST_EVENT } from '../../outbox.js';
import type { Prisma, WebhookDelivery } from '../../generated/prisma/client.js';

/**
 * A test event for one endpoint (POST /webhooks/{id}/test): its outbox row, already relayed, and the
 * delivery record for that endpoint alone, in one transaction. From there it is a delivery like any:
 * signed, retried and recorded by the dispatcher; its sweeper finds it should the job be lost.
 */
export async function createTestDelivery(db: Db, memberId: string, endpointId: string, data: Prisma.InputJsonValue, now = new Date()): Promise<WebhookDelivery> {
  return db.$transaction(async (tx) => {
    const event = await tx.outboxEvent.create({ data: { memberId, type: TEST_EVENT, payload: data, relayedAt: now }, select: { id: true } });
    return tx.webhookDelivery.create({ data: { endpointId, eventId: event.id, event: TEST_EVENT, nextAttemptAt: now } });
  });
}
