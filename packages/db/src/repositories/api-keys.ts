import type { DbOrTx } from '../client.js';
import type { ApiKeyScope } from '../generated/prisma/client.js';

export interface NewApiKey {
  memberId: string;
  keyHash: string;
  last4: string;
  name?: string | null;
  scope?: ApiKeyScope;
  expiresAt?: Date | null;
}

/** What a key's list shows (never its hash). */
const keyInfo = { id: true, memberId: true, name: true, last4: true, scope: true, createdAt: true, lastUsedAt: true, expiresAt: true, revokedAt: true } as const;

export const insertApiKey = (db: DbOrTx, key: NewApiKey) =>
  db.apiKey.create({
    data: { memberId: key.memberId, keyHash: key.keyHash, last4: key.last4, name: key.name ?? null, scope: key.scope ?? 'full', expiresAt: key.expiresAt ?? null },
    select: keyInfo,
  });

/** The live key with this hash, or null for unknown, revoked and expired keys alike. */
export const findActiveKeyByHash = (db: DbOrTx, keyHash: string, now = new Date()) =>
  db.apiKey.findFirst({
    where: { keyHash, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    select: { id: true, memberId: true, keyHash: true, scope: true, expiresAt: true },
  });

export async function revokeApiKey(db: DbOrTx, id: string): Promise<boolean> {
  const result = await db.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
  return result.count === 1;
}

/** Revokes one of the member's live keys; false when the id is unknown, another member's or already revoked. */
export async function revokeOwnedApiKey(db: DbOrTx, memberId: string, id: string): Promise<boolean> {
  const result = await db.apiKey.updateMany({ where: { id, memberId, revokedAt: null }, data: { revokedAt: new Date() } });
  return result.count === 1;
}

export const findOwnedApiKey = (db: DbOrTx, memberId: string, id: string) => db.apiKey.findFirst({ where: { id, memberId }, select: keyInfo });

/** The member's keys, oldest first (the CLI's order; the dashboard reverses it). */
export const listApiKeys = (db: DbOrTx, memberId: string) =>
  db.apiKey.findMany({
    where: { memberId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: keyInfo,
  });

/**
 * Notes that keys were used: one statement for all of them, and only where the stored time is
 * older than `staleBefore`, so replicas that each note a key once a minute rarely write the same row twice.
 */
export async function markApiKeysUsed(db: DbOrTx, ids: string[], at: Date, staleBefore: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.apiKey.updateMany({
    where: { id: { in: ids }, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: staleBefore } }] },
    data: { lastUsedAt: at },
  });
  return result.count;
}
