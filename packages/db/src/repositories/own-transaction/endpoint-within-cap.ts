import { inTransaction, type Db } from '../../client.js';
import { lockMemberScope } from '../in-transaction/member-scope-lock.js';

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
