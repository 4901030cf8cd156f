import type { DbOrTx } from '../client.js';
import { Prisma, type PostStatus } from '../generated/prisma/client.js';
import type { StoredLinkPreview } from '../wire/link-preview.js';

/** What the member's newest posts were about (their ideas), for idea generation to follow. */
export const recentPostIdeas = async (db: DbOrTx, memberId: string, limit: number): Promise<string[]> =>
  (await db.post.findMany({ where: { memberId, idea: { not: null } }, select: { idea: true }, orderBy: { createdAt: 'desc' }, take: limit }))
    .map((row) => row.idea)
    .filter((idea): idea is string => Boolean(idea?.trim()));

/** `posts.link_preview` for a create or update: SQL NULL when the post has no card. */
export const linkPreviewValue = (stored: StoredLinkPreview | null): Prisma.InputJsonValue | typeof Prisma.DbNull => (stored === null ? Prisma.DbNull : stored);

export const insertPost = (db: DbOrTx, data: Prisma.PostUncheckedCreateInput) => db.post.create({ data });

export const findPostById = (db: DbOrTx, id: string) => db.post.findUnique({ where: { id } });

/**
 * Updates a post only while it is still in one of `allowedFrom`: the state check and
 * the write are one statement, so a concurrent publish cannot slip in between.
 * Returns null when the post left those states.
 */
export async function updatePostIfStatus(db: DbOrTx, id: string, allowedFrom: PostStatus[], data: Prisma.PostUncheckedUpdateManyInput) {
  const result = await db.post.updateMany({ where: { id, status: { in: allowedFrom } }, data });
  return result.count === 1 ? findPostById(db, id) : null;
}

/**
 * Editable = not published and no publication in flight; checked in the same
 * statement as the write so a publish that starts meanwhile wins cleanly.
 */
const EDITABLE = { status: { not: 'published' as const }, publishRequestedAt: null };

export async function deletePostIfEditable(db: DbOrTx, id: string): Promise<boolean> {
  const result = await db.post.deleteMany({ where: { id, ...EDITABLE } });
  return result.count === 1;
}
