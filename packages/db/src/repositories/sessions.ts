import type { DbOrTx } from '../client.js';

/** sessions: dashboard sign-ins (decision 0035). Every read filters on the three ways a session ends. */

export interface NewSession {
  memberId: string;
  tokenHash: string;
  method: 'network' | 'sandbox' | 'link';
  userAgent: string | null;
  idleExpiresAt: Date;
  expiresAt: Date;
}

const live = (now: Date) => ({ endedAt: null, idleExpiresAt: { gt: now }, expiresAt: { gt: now } });

export const insertSession = (db: DbOrTx, session: NewSession) => db.session.create({ data: session });

/** The live session whose token has this hash, or null (unknown, ended, idle too long, or past its absolute end). */
export const findLiveSession = (db: DbOrTx, tokenHash: string, now: Date) => db.session.findFirst({ where: { tokenHash, ...live(now) } });

/**
 * Moves a live session's idle end forward, only when its last note is older than `staleBefore`:
 * a page that makes many calls writes once a minute, not once per call. Never past the absolute end.
 */
export async function touchSession(db: DbOrTx, id: string, now: Date, idleExpiresAt: Date, staleBefore: Date): Promise<boolean> {
  const result = await db.session.updateMany({ where: { id, lastSeenAt: { lt: staleBefore }, ...live(now) }, data: { lastSeenAt: now, idleExpiresAt } });
  return result.count === 1;
}

/** Which of these sessions are still live: the live event streams end with theirs (decision 0039). */
export async function liveSessionIds(db: DbOrTx, ids: string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await db.session.findMany({ where: { id: { in: ids }, ...live(now) }, select: { id: true } });
  return new Set(found.map((session) => session.id));
}

/** Ends one of the member's live sessions; false when there is none with that id. */
export async function endMemberSession(db: DbOrTx, memberId: string, id: string, now: Date): Promise<boolean> {
  const result = await db.session.updateMany({ where: { id, memberId, ...live(now) }, data: { endedAt: now } });
  return result.count === 1;
}

/** Ends every live session of the member but `keep`; how many ended. */
export async function endOtherSessions(db: DbOrTx, memberId: string, keep: string, now: Date): Promise<number> {
  const result = await db.session.updateMany({ where: { memberId, id: { not: keep }, ...live(now) }, data: { endedAt: now } });
  return result.count;
}

/** The member's live sessions, newest first. */
export const listLiveSessions = (db: DbOrTx, memberId: string, now: Date) =>
  db.session.findMany({ where: { memberId, ...live(now) }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 100 });

/** Rows no one can use any more, a day after they ended: the tables do not only grow. */
export async function purgeSignInRecords(db: DbOrTx, before: Date): Promise<number> {
  const sessions = await db.session.deleteMany({ where: { OR: [{ expiresAt: { lt: before } }, { idleExpiresAt: { lt: before } }, { endedAt: { lt: before } }] } });
  const attempts = await db.signInAttempt.deleteMany({ where: { expiresAt: { lt: before } } });
  const links = await db.signInLink.deleteMany({ where: { expiresAt: { lt: before } } });
  return sessions.count + attempts.count + links.count;
}
