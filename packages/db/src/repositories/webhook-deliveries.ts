import type { DbOrTx } from '../client.js';
import type { WebhookDelivery } from '../generated/prisma/client.js';

/**
 * Pending deliveries whose attempt was due before `dueBefore`, the longest
 * overdue first, through Prisma: the sweeper's read (once per interval, not
 * the hot path) of deliveries whose job Redis may have forgotten.
 */
export const findOverdueDeliveries = (db: DbOrTx, dueBefore: Date, limit: number) =>
  db.webhookDelivery.findMany({
    where: { status: 'pending', nextAttemptAt: { lt: dueBefore } },
    orderBy: { nextAttemptAt: 'asc' },
    take: limit,
    select: { id: true, endpointId: true },
  });

/**
 * Sends a finished delivery again (POST …/redeliver): the same record, so the same body and delivery
 * id, pending again with its next attempt due now. Only from `success` or `failed`: a pending one is
 * already on its way (null). The endpoint is the member's (checked by the caller).
 */
export async function requeueDelivery(db: DbOrTx, endpointId: string, deliveryId: string, now = new Date()): Promise<WebhookDelivery | null> {
  const updated = await db.webhookDelivery.updateMany({
    where: { id: deliveryId, endpointId, status: { in: ['success', 'failed'] } },
    data: { status: 'pending', nextAttemptAt: now },
  });
  return updated.count === 1 ? db.webhookDelivery.findUnique({ where: { id: deliveryId } }) : null;
}

export const findEndpointDelivery = (db: DbOrTx, endpointId: string, deliveryId: string) => db.webhookDelivery.findFirst({ where: { id: deliveryId, endpointId } });
