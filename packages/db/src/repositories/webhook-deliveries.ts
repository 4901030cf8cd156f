import type { DbOrTx } from '../client.js';

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
