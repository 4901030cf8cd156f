import type { Sql } from '../../client.js';
import { runPrepared } from '../run-prepared.js';

/**
 * Undoes the attempt a claim counted when the job stops before any network call
 * (it waits for the link card's page): a claim that sent nothing is no attempt,
 * and counting it would make the next one a recovery (decision 0005 step 2) —
 * looking for an earlier post that cannot exist, and reported as `recovered`.
 * Only the claim's own count is undone: the row must still carry its claim time.
 */
export async function giveBackUnsentAttempt(sql: Sql, postId: string, claimedAt: Date): Promise<boolean> {
  const result = await runPrepared(
    sql,
    'lps-give-back-unsent-attempt',
    `UPDATE posts SET publish_attempts = publish_attempts - 1
      WHERE id = $1 AND publish_claimed_at = $2 AND publish_attempts > 0 AND status <> 'published'`,
    [postId, claimedAt],
  );
  return (result.rowCount ?? 0) > 0;
}
