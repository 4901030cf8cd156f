import type { DbOrTx } from '../client.js';

// Files a write took off its post (recorded by recordDroppedFiles inside that write's transaction).

/** Which of `keys` were taken off the post by an earlier write (their files are gone, or going). */
export const droppedFilesAmong = async (db: DbOrTx, postId: string, keys: string[]): Promise<string[]> =>
  keys.length === 0 ? [] : (await db.postDroppedFile.findMany({ where: { postId, key: { in: keys } }, select: { key: true } })).map((row) => row.key);

/** The post's dropped files whose key starts with `prefix` (the overlays of one image and text). */
export const droppedFilesStartingWith = async (db: DbOrTx, postId: string, prefix: string): Promise<string[]> =>
  (await db.postDroppedFile.findMany({ where: { postId, key: { startsWith: prefix } }, select: { key: true } })).map((row) => row.key);
