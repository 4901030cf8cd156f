import type { DbOrTx } from '../client.js';
import type { IdeaSource, IdeaStatus, Prisma } from '../generated/prisma/client.js';
import { NEWEST_FIRST } from '../keyset.js';

export const findOwnedIdea = (db: DbOrTx, memberId: string, id: string) =>
  db.idea.findFirst({ where: { id, memberId } });

export const listIdeas = (db: DbOrTx, memberId: string, status?: IdeaStatus) =>
  db.idea.findMany({ where: { memberId, ...(status ? { status } : {}) }, orderBy: NEWEST_FIRST });

/** Every title the member has, newest first: generation must not suggest any of them again. */
export const ideaTitles = async (db: DbOrTx, memberId: string): Promise<string[]> =>
  (await db.idea.findMany({ where: { memberId }, select: { title: true }, orderBy: NEWEST_FIRST })).map((row) => row.title);

export interface NewIdea {
  title: string;
  angle?: string | null;
  source: IdeaSource;
  researchRequestId?: string | null;
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

export const updateIdea = (db: DbOrTx, id: string, data: Prisma.IdeaUncheckedUpdateInput) =>
  db.idea.update({ where: { id }, data });
