import type { DbOrTx } from '../client.js';
import { Prisma } from '../generated/prisma/client.js';

export interface IdempotencyScope {
  apiKeyId: string;
  endpoint: string;
  key: string;
}

export interface StoredResponse {
  status: number;
  /** The body exactly as first sent; null for an answer without one. */
  text: string | null;
  contentType: string | null;
  headers: Record<string, string>;
}

export type ClaimResult =
  | { kind: 'claimed'; recordId: string }
  | { kind: 'replay'; response: StoredResponse; requestHash: string }
  /** `lockedUntil`: when the claim may be taken over if its request never finishes. */
  | { kind: 'in_progress'; lockedUntil: Date };

/**
 * Claims a key atomically through the unique (api key, endpoint, key) row. Whoever
 * inserts the row runs the request; everyone else replays its stored response, or
 * gets 409 while it is still running. An expired record, or a claim whose process
 * died (locked_until passed), is taken over.
 */
export async function claimIdempotencyKey(db: DbOrTx, scope: IdempotencyScope, requestHash: string, windowMs: number, lockMs: number): Promise<ClaimResult> {
  const now = new Date();
  const data = {
    ...scope,
    requestHash,
    lockedUntil: new Date(now.getTime() + lockMs),
    expiresAt: new Date(now.getTime() + windowMs),
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const created = await db.idempotencyRecord.create({ data, select: { id: true } });
      return { kind: 'claimed', recordId: created.id };
    } catch (error) {
      if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2002') throw error;
    }
    const existing = await db.idempotencyRecord.findUnique({ where: { apiKeyId_endpoint_key: scope } });
    if (!existing) continue;
    if (existing.expiresAt <= now) {
      await db.idempotencyRecord.deleteMany({ where: { id: existing.id, expiresAt: existing.expiresAt } });
      continue;
    }
    if (existing.responseStatus !== null) {
      return {
        kind: 'replay',
        requestHash: existing.requestHash,
        response: {
          status: existing.responseStatus,
          text: existing.responseBody,
          contentType: existing.responseType,
          headers: (existing.responseHeaders ?? {}) as Record<string, string>,
        },
      };
    }
    if (existing.lockedUntil > now) return { kind: 'in_progress', lockedUntil: existing.lockedUntil };
    // The process that claimed it died: take the claim over, once, atomically.
    const taken = await db.idempotencyRecord.updateMany({
      where: { id: existing.id, responseStatus: null, lockedUntil: existing.lockedUntil },
      data: { lockedUntil: data.lockedUntil, requestHash },
    });
    if (taken.count === 1) return { kind: 'claimed', recordId: existing.id };
  }
  // Three races lost in a row: another request holds the claim now, for a whole lock period.
  return { kind: 'in_progress', lockedUntil: data.lockedUntil };
}

export const storeIdempotentResponse = (db: DbOrTx, recordId: string, response: StoredResponse) =>
  db.idempotencyRecord.update({
    where: { id: recordId },
    data: {
      responseStatus: response.status,
      responseBody: response.text,
      responseType: response.contentType,
      responseHeaders: response.headers,
    },
  });

/** Frees a claim whose request ended in a 5xx: those are not stored, so a retry runs again. */
export const releaseIdempotencyKey = (db: DbOrTx, recordId: string) => db.idempotencyRecord.deleteMany({ where: { id: recordId, responseStatus: null } });

export const purgeExpiredIdempotencyRecords = (db: DbOrTx, now = new Date()) => db.idempotencyRecord.deleteMany({ where: { expiresAt: { lt: now } } });
