import type { Sql } from '../../client.js';
import type { PostStatus } from '../../generated/prisma/client.js';
import type { KeysetPosition } from '../../keyset.js';
import { runPrepared } from '../run-prepared.js';
import { OPENING_SQL, postTitle } from '../../wire/post-title.js';

/** A post whose last publication failed for good and that nothing has published, retried or rescheduled since (decision 0038). */
export interface PublicationFailure {
  postId: string;
  title: string;
  /** Why, in words: the post's last_error. */
  error: string;
  /** The network's code when it gave one (EXPIRED_ACCESS_TOKEN, DUPLICATE_POST, …). */
  code: string | null;
  failedAt: Date;
  status: PostStatus;
}

interface FailureRow {
  id: string;
  opening: string | null;
  last_error: string | null;
  publish_error_code: string | null;
  publish_failed_at: Date;
  status: PostStatus;
}

const failuresStatement = (after: boolean) => ({
  name: after ? 'lps-read-failures-after' : 'lps-read-failures',
  text: `SELECT p.id, ${OPENING_SQL('p.body')} AS opening, p.last_error, p.publish_error_code, p.publish_failed_at, p.status
           FROM posts p
          WHERE p.member_id = $1 AND p.publish_failed_at IS NOT NULL${after ? ' AND (p.publish_failed_at, p.id) < ($3::timestamptz, $4::uuid)' : ''}
          ORDER BY p.publish_failed_at DESC, p.id DESC
          LIMIT $2`,
});

/**
 * The failure inbox, newest first, by the index on (member_id, publish_failed_at): the mark is set
 * with last_error by a publication's final failure and cleared wherever last_error is (a new
 * publication, a schedule or queue, a publication, an attached URN), so it is on exactly the posts
 * still failed. A deleted post is gone with its row.
 */
export async function readPublicationFailures(sql: Sql, memberId: string, page: { limit: number; after?: KeysetPosition }) {
  const { name, text } = failuresStatement(page.after !== undefined);
  const values: unknown[] = [memberId, page.limit + 1, ...(page.after ? [page.after.createdAt, page.after.id] : [])];
  const { rows } = await runPrepared<FailureRow>(sql, name, text, values);
  const failures: PublicationFailure[] = rows.slice(0, page.limit).map((row) => ({
    postId: row.id,
    title: postTitle(row.opening),
    error: row.last_error ?? 'the publication failed',
    code: row.publish_error_code,
    failedAt: row.publish_failed_at,
    status: row.status,
  }));
  const last = failures.at(-1);
  return { failures, next: rows.length > page.limit && last ? { createdAt: last.failedAt, id: last.postId } : null };
}
