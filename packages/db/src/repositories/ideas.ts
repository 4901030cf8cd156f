import type { DbOrTx } from '../client.js';
import type { IdeaSource, Prisma } from '../generated/prisma/client.js';
import { NEWEST_FIRST } from '../keyset.js';
import { lockMemberScope } from './in-transaction/member-scope-lock.js';

export const findOwnedIdea = (db: DbOrTx, memberId: string, id: string) => db.idea.findFirst({ where: { id, memberId } });

/** Every title the member has, newest first: generation must not suggest any of them again. */
export const ideaTitles = async (db: DbOrTx, memberId: string): Promise<string[]> =>
  (await db.idea.findMany({ where: { memberId }, select: { title: true }, orderBy: NEWEST_FIRST })).map((row) => row.title);

/** A member's ideas of one source created since `since`, newest first: what a run begun then has stored so far. */
export const findIdeasCreatedSince = (db: DbOrTx, memberId: string, source: IdeaSource, since: Date) =>
  db.idea.findMany({
    where: { memberId, source, createdAt: { gte: since } },
    orderBy: NEWEST_FIRST,
  });

export interface NewIdea {
  title: string;
  angle?: string | null;
  source: IdeaSource;
  researchRequestId?: string | null;
}

/**
 * Ideas one member may keep. GET /ideas has no paging (spec), so this bounds
 * that answer too; 1,000 is years of pressing "generate" daily.
 */
export const MAX_IDEAS_PER_MEMBER = 1_000;

/**
 * Room for up to `wanted` new ideas under MAX_IDEAS_PER_MEMBER, made first by
 * removing the member's oldest dismissed ideas that no post came from (ideas
 * they rejected; the newest stay restorable). Returns how many fit. Runs in the
 * caller's transaction under a per-member lock, so two runs cannot both use the
 * same room.
 */
export async function makeRoomForIdeas(tx: DbOrTx, memberId: string, wanted: number): Promise<number> {
  await lockMemberScope(tx, 'ideas', memberId);
  let room = MAX_IDEAS_PER_MEMBER - (await tx.idea.count({ where: { memberId } }));
  if (room < wanted) {
    const oldest = await tx.idea.findMany({
      where: { memberId, status: 'dismissed', postId: null },
      orderBy: [{ updatedAt: 'asc' }, { id: 'asc' }],
      take: wanted - Math.max(room, 0),
      select: { id: true },
    });
    if (oldest.length > 0) await tx.idea.deleteMany({ where: { id: { in: oldest.map((idea) => idea.id) } } });
    room += oldest.length;
  }
  return Math.max(0, Math.min(wanted, room));
}

/** Whether a member is at the cap with nothing dismissed to make room (checked before paying for a generation). */
export async function ideasAreFull(db: DbOrTx, memberId: string): Promise<boolean> {
  const [total, removable] = await Promise.all([db.idea.count({ where: { memberId } }), db.idea.count({ where: { memberId, status: 'dismissed', postId: null } })]);
  return total - removable >= MAX_IDEAS_PER_MEMBER;
}

/** Inserts ideas in order, each a little newer than the last so "newest first" keeps their order reversed predictably. */
export async function insertIdeas(db: DbOrTx, memberId: string, ideas: NewIdea[]) {
  const created = [];
  for (const idea of ideas) {
    created.push(
      await db.idea.create({
        data: {
          memberId,
          title: idea.title,
          angle: idea.angle ?? null,
          source: idea.source,
          researchRequestId: idea.researchRequestId ?? null,
        },
      }),
    );
  }
  return created;
}

/**
 * The idea becomes `used` and points at `postId`, unless it was dismissed
 * meanwhile: the check and the write are one statement. False when it was.
 */
export async function markIdeaUsed(db: DbOrTx, memberId: string, ideaId: string, postId: string): Promise<boolean> {
  const marked = await db.idea.updateMany({
    where: { id: ideaId, memberId, status: { not: 'dismissed' } },
    data: { status: 'used', postId },
  });
  return marked.count === 1;
}

export const updateIdea = (db: DbOrTx, id: string, data: Prisma.IdeaUncheckedUpdateInput) => db.idea.update({ where: { id }, data });
