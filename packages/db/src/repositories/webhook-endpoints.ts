import type { DbOrTx } from '../client.js';

export const findOwnedEndpoint = (db: DbOrTx, memberId: string, id: string) => db.webhookEndpoint.findFirst({ where: { id, memberId } });

export const countEndpoints = (db: DbOrTx, memberId: string) => db.webhookEndpoint.count({ where: { memberId } });

/** Every endpoint deliveries still go to (id and url only: no secret leaves the table here). */
export const listActiveEndpointTargets = (db: DbOrTx) => db.webhookEndpoint.findMany({ where: { isActive: true }, select: { id: true, url: true } });

export const insertEndpoint = (db: DbOrTx, data: { memberId: string; url: string; events: string[]; secretEnc: string }) => db.webhookEndpoint.create({ data });

export async function deleteOwnedEndpoint(db: DbOrTx, memberId: string, id: string): Promise<boolean> {
  const result = await db.webhookEndpoint.deleteMany({ where: { id, memberId } });
  return result.count === 1;
}
