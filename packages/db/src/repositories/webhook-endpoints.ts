import { inTransaction, lockMemberScope, type Db, type DbOrTx } from '../client.js';

export const findOwnedEndpoint = (db: DbOrTx, memberId: string, id: string) => db.webhookEndpoint.findFirst({ where: { id, memberId } });

export const countEndpoints = (db: DbOrTx, memberId: string) => db.webhookEndpoint.count({ where: { memberId } });

export const insertEndpoint = (db: DbOrTx, data: { memberId: string; url: string; events: string[]; secretEnc: string }) => db.webhookEndpoint.create({ data });

/**
 * Inserts an endpoint unless the member already has `max`: the count and the
 * insert run in one transaction under a per-member lock, so parallel creates
 * cannot all pass a count taken before any of them inserted. Null at the cap.
 */
export async function insertEndpointWithinCap(db: Db, data: { memberId: string; url: string; events: string[]; secretEnc: string }, max: number) {
  return inTransaction(db, async (tx) => {
    await lockMemberScope(tx, 'webhooks', data.memberId);
    if ((await tx.webhookEndpoint.count({ where: { memberId: data.memberId } })) >= max) return null;
    return tx.webhookEndpoint.create({ data });
  });
}

export async function deleteOwnedEndpoint(db: DbOrTx, memberId: string, id: string): Promise<boolean> {
  const result = await db.webhookEndpoint.deleteMany({ where: { id, memberId } });
  return result.count === 1;
}
