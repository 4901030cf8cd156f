import type { DbOrTx } from '../client.js';

export const insertApiKey = (db: DbOrTx, key: { memberId: string; keyHash: string; last4: string }) =>
  db.apiKey.create({ data: key, select: { id: true, memberId: true, createdAt: true, last4: true } });

/** The live key with this hash, or null for unknown and revoked keys alike. */
export const findActiveKeyByHash = (db: DbOrTx, keyHash: string) =>
  db.apiKey.findFirst({ where: { keyHash, revokedAt: null }, select: { id: true, memberId: true, keyHash: true } });

export async function revokeApiKey(db: DbOrTx, id: string): Promise<boolean> {
  const result = await db.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
  return result.count === 1;
}

export const listApiKeys = (db: DbOrTx, memberId: string) =>
  db.apiKey.findMany({
    where: { memberId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, memberId: true, last4: true, createdAt: true, revokedAt: true, lastUsedAt: true },
  });
