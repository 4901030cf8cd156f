import type { DbOrTx } from '../client.js';
import { NEWEST_FIRST } from '../keyset.js';

export const findOwnedEndpoint = (db: DbOrTx, memberId: string, id: string) =>
  db.webhookEndpoint.findFirst({ where: { id, memberId } });

export const listEndpoints = (db: DbOrTx, memberId: string) =>
  db.webhookEndpoint.findMany({ where: { memberId }, orderBy: NEWEST_FIRST });

export const countEndpoints = (db: DbOrTx, memberId: string) => db.webhookEndpoint.count({ where: { memberId } });

export const insertEndpoint = (db: DbOrTx, data: { memberId: string; url: string; events: string[]; secretEnc: string }) =>
  db.webhookEndpoint.create({ data });

export async function deleteOwnedEndpoint(db: DbOrTx, memberId: string, id: string): Promise<boolean> {
  const result = await db.webhookEndpoint.deleteMany({ where: { id, memberId } });
  return result.count === 1;
}

/** The most recent delivery attempts of an endpoint, newest first. */
export const listDeliveries = (db: DbOrTx, endpointId: string, limit = 100) =>
  db.webhookDelivery.findMany({ where: { endpointId }, orderBy: NEWEST_FIRST, take: limit });

// The dispatcher's hot path, in plain SQL (decision 0008).
export * from './outbox-relay.js';
export * from './webhook-attempts.js';
