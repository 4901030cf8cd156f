import type { DbOrTx } from '../client.js';

/**
 * The keyword research requests of POST /ideas/research, through Prisma: the
 * API records one, the research worker runs it. The row is what makes the job
 * idempotent, so the worker's writes only ever move a request that is not
 * completed yet.
 */

const NOT_COMPLETED = { status: { not: 'completed' as const } };

export const createResearchRequest = (db: DbOrTx, request: { memberId: string; keyword: string }) => db.researchRequest.create({ data: request });

export const findResearchRequest = (db: DbOrTx, id: string) => db.researchRequest.findUnique({ where: { id } });

/** A member's research request with the ideas it produced (oldest first), for GET /ideas/research/{id}; null for another member's. */
export async function findOwnedResearch(db: DbOrTx, memberId: string, id: string) {
  const request = await db.researchRequest.findFirst({ where: { id, memberId } });
  if (!request) return null;
  const ideas = await db.idea.findMany({ where: { researchRequestId: id, memberId }, select: { id: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return { request, ideaIds: ideas.map((idea) => idea.id) };
}

/** The queue refused the job: the caller is told to retry, and this request never runs. */
export const markResearchRequestNeverQueued = (db: DbOrTx, id: string) =>
  db.researchRequest.update({ where: { id }, data: { status: 'failed', lastError: 'could not enqueue the job' } });

export async function markResearchRequestRunning(db: DbOrTx, id: string): Promise<void> {
  await db.researchRequest.updateMany({ where: { id, ...NOT_COMPLETED }, data: { status: 'running' } });
}

/** The last attempt failed: the request says why, unless another run completed it meanwhile. */
export async function markResearchRequestFailed(db: DbOrTx, id: string, reason: string): Promise<void> {
  await db.researchRequest.updateMany({ where: { id, ...NOT_COMPLETED }, data: { status: 'failed', lastError: reason } });
}

/**
 * Marks the request completed, only from a non-completed state: of two runs
 * of the same request (a retry, a duplicate job) the second waits on the row
 * lock, finds it completed and gets false.
 */
export async function claimResearchRequestCompletion(db: DbOrTx, id: string): Promise<boolean> {
  const claimed = await db.researchRequest.updateMany({ where: { id, ...NOT_COMPLETED }, data: { status: 'completed', completedAt: new Date(), lastError: null } });
  return claimed.count > 0;
}

/** A completed request that stored less than it found says so in `last_error`. */
export const noteResearchShortfall = (db: DbOrTx, id: string, lastError: string) => db.researchRequest.update({ where: { id }, data: { lastError } });
