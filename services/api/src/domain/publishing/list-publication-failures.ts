import type { Needs } from '../deps.js';
import { decodeCursor, encodeCursor } from '../cursor.js';

export interface FailuresInput {
  /** Defaulted by the schema (20). */
  limit: number;
  cursor?: string;
}

/**
 * GET /publication-failures, the failure inbox (decision 0038): every post of the member whose
 * last publication failed for good and that has not been published, published again, scheduled
 * or queued since (nor deleted), newest failure first, with the network's reason in words (the
 * post's last_error) and its code when it gave one. "Fix and retry" is an edit, then publish,
 * schedule or queue: any of those takes the post off the list.
 */
export async function listPublicationFailures({ repos, keyring }: Needs<'readPublicationFailures', 'keyring'>, memberId: string, input: FailuresInput) {
  const after = input.cursor ? decodeCursor(keyring, input.cursor) : undefined;
  const { failures, next } = await repos.readPublicationFailures(memberId, { limit: input.limit, after });
  return {
    data: failures.map((failure) => ({
      post_id: failure.postId,
      title: failure.title,
      error: failure.error,
      code: failure.code,
      failed_at: failure.failedAt.toISOString(),
      status: failure.status,
    })),
    page: { next_cursor: next ? encodeCursor(keyring, next) : null, has_more: next !== null },
  };
}
