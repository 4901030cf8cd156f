import { overlayChanges } from '@lps/ai';
import { notFound, serviceUnavailable } from '@lps/common';
import type { Post, PostColumns, TransactionRepositories } from '@lps/db';
import type { Needs } from '../deps.js';
import { getOwnedPost } from './find-post.js';

/**
 * Every write on one post goes through here (decision 0027), so writes on one post are serialised:
 * each decides from the post as it is when its turn comes, and gets the answer it would get alone.
 *
 *   const { post } = await writePost(deps, memberId, postId, (post) => {
 *     assertReadyForWork(post, 'approve');           // 409 / 422 from the post as it is now
 *     return { set: { status: 'approved' } };
 *   });
 *
 * `decide` runs in a short transaction holding the post's row (`SELECT … FOR NO KEY UPDATE`): it may
 * throw the answer's error, read or write more rows with `tx` (an image request, say), and
 * answers the columns to set and anything the caller needs after the commit (`then`). It must
 * not wait on anything but the database — no image service, no provider, no download: do those
 * first, and use `writePreparedPost` when their result depends on the post.
 */
export type Decide<T> = (post: Post, tx: TransactionRepositories) => PostWrite<T> | Promise<PostWrite<T>>;

export interface PostWrite<T> {
  /** The fields to write; absent when the post already is what the request asks (answered as written). */
  set?: PostColumns;
  /** Handed to the caller once the write has committed: a link card to read, a job to place. */
  then?: T;
}

export interface WrittenPost<T> {
  /** The post as this write left it. */
  post: Post;
  /** The post as this write found it, its row locked. */
  before: Post;
  then: T | undefined;
}

export type WriteDeps = Needs<'transaction', 'clients' | 'request'>;

/**
 * What a prepared write made no longer fits the post as it is now: a file it was about to show
 * had been taken off the post (and deleted) by a write that committed meanwhile (`keys`), or the
 * post asks for something it did not prepare. It is prepared again (writePreparedPost).
 */
export class StalePreparation extends Error {
  constructor(readonly keys: string[] = []) {
    super(keys.length > 0 ? `the post's files ${keys.join(', ')} were dropped by another write` : 'the post changed in a way this write did not prepare for');
    this.name = 'StalePreparation';
  }
}

/** Deletes files a committed write took off its post; a failure leaves a file, never a post without its image. */
async function deleteDropped({ clients, request }: Needs<never, 'clients' | 'request'>, keys: string[]): Promise<void> {
  for (const key of keys) {
    await clients.storage.delete(key).catch((error: Error) => request.log.warn('a file taken off a post could not be deleted', { key, error: error.message }));
  }
}

/**
 * One write on one post, serialised with every other (see `Decide`). The post's own files the
 * write takes off (overlays) are recorded as dropped in the same transaction and deleted after
 * the commit; a write that would show a dropped file is refused with StalePreparation (rolled back).
 * 404 when the post is gone or another member's.
 */
export async function writePost<T = undefined>(deps: WriteDeps, memberId: string, postId: string, decide: Decide<T>): Promise<WrittenPost<T>> {
  const keyFromUrl = (url: string) => deps.clients.storage.keyFromUrl(url);
  const { written, dropped } = await deps.repos.transaction(async (tx) => {
    const before = await tx.lockPost(postId, memberId);
    if (!before) throw notFound('post');
    const { set, then } = await decide(before, tx);
    if (!set || Object.keys(set).length === 0) return { written: { post: before, before, then }, dropped: [] };
    const post = await tx.updatePostColumns(postId, set);
    const files = overlayChanges(before, post, keyFromUrl);
    const stale = await tx.droppedFilesAmong(postId, files.shown);
    if (stale.length > 0) throw new StalePreparation(stale);
    await tx.recordDroppedFiles(postId, files.dropped);
    return { written: { post, before, then }, dropped: files.dropped };
  });
  await deleteDropped(deps, dropped);
  return written;
}

/** How many times a prepared write is prepared again before the caller is asked to retry. */
export const PREPARED_WRITE_TRIES = 3;

export interface PreparedWrite<P, T> {
  /** The slow part, from the post as read (no lock held): drawing an overlay, say. Throws the answer's 404/409/422. */
  prepare(post: Post): Promise<P>;
  /** The write, from the post as it is now and what was prepared (see `Decide`). */
  decide(post: Post, prepared: P, tx: TransactionRepositories): PostWrite<T> | Promise<PostWrite<T>>;
}

/**
 * A write whose slow part depends on the post (select-image drawing the hook over an image):
 * prepared from a read, then decided and written with the row locked. If a write that committed
 * in between dropped a file this one prepared, or `decide` finds it prepared for another post than
 * the one it now sees (StalePreparation), it is prepared again from the
 * post as it is then, at most PREPARED_WRITE_TRIES times; past that, 503 with Retry-After and
 * nothing written. The stale files are deleted: being dropped, nothing may show them.
 */
export async function writePreparedPost<P, T = undefined>(
  deps: WriteDeps & Needs<'readOwnedPost'>,
  memberId: string,
  postId: string,
  steps: PreparedWrite<P, T>,
): Promise<WrittenPost<T>> {
  for (let attempt = 1; ; attempt += 1) {
    const prepared = await steps.prepare(await getOwnedPost(deps, memberId, postId));
    try {
      return await writePost(deps, memberId, postId, (post, tx) => steps.decide(post, prepared, tx));
    } catch (error) {
      if (!(error instanceof StalePreparation)) throw error;
      await deleteDropped(deps, error.keys);
      deps.request.log.info('a prepared post write found its file dropped meanwhile; preparing it again', { post_id: postId, attempt });
      if (attempt >= PREPARED_WRITE_TRIES)
        throw serviceUnavailable("the post's images kept changing while this request prepared its own; nothing was changed, try again", 1, error);
    }
  }
}
