import type { DbOrTx } from '../../client.js';
import { Prisma, type Post } from '../../generated/prisma/client.js';

// One write on one post at a time (decision 0027): a short transaction locks the post's row,
// reads it as it is, writes what was decided from it, and commits. Everything slow (the image
// service, an AI provider, a download) happens before, with no transaction open.

/** The post's own fields a write may set; JSON fields as the post holds them (null: SQL NULL). */
export type PostColumns = Partial<Omit<Post, 'id' | 'memberId' | 'createdAt' | 'updatedAt'>>;

/** The jsonb columns of `posts`: Prisma writes SQL NULL only when told `DbNull`. */
const JSON_COLUMNS = new Set<keyof Post>(['imageCandidates', 'linkPreview', 'images', 'publishImageUrns', 'poll']);

function prismaData(columns: PostColumns): Prisma.PostUncheckedUpdateInput {
  const data: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(columns)) {
    if (value === undefined) continue;
    data[field] = value === null && JSON_COLUMNS.has(field as keyof Post) ? Prisma.DbNull : value;
  }
  return data;
}

/**
 * Locks a post's row until the transaction ends and reads it: every other write of this post — a
 * locked write, any single UPDATE or the DELETE of the row — waits meanwhile. `FOR NO KEY UPDATE`,
 * the lock an UPDATE itself takes: rows that only point at the post (an image request, a metrics
 * snapshot: their foreign key takes `FOR KEY SHARE`) are still written meanwhile.
 * With `memberId`, another member's post is null like a missing one (404).
 */
export async function lockPost(tx: DbOrTx, id: string, memberId?: string): Promise<Post | null> {
  const locked = memberId
    ? await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM posts WHERE id = ${id}::uuid AND member_id = ${memberId}::uuid FOR NO KEY UPDATE`
    : await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM posts WHERE id = ${id}::uuid FOR NO KEY UPDATE`;
  return locked.length === 0 ? null : tx.post.findUnique({ where: { id } });
}

/** Writes the decided fields of a post whose row the transaction holds (lockPost). */
export const updatePostColumns = (tx: DbOrTx, id: string, columns: PostColumns): Promise<Post> => tx.post.update({ where: { id }, data: prismaData(columns) });

/** Records files a write took off its post: deleted once it commits, and never to be shown again. */
export async function recordDroppedFiles(tx: DbOrTx, postId: string, keys: string[]): Promise<void> {
  if (keys.length > 0) await tx.postDroppedFile.createMany({ data: keys.map((key) => ({ postId, key })), skipDuplicates: true });
}
