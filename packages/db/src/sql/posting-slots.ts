import { inSqlTransaction, type Sql, type SqlPool } from '../client.js';
import type { Post, PostStatus } from '../generated/prisma/client.js';
import { lockMemberScopeSql } from './member-scope-lock.js';
import { schedulePublication } from './publish-path/statements.js';
import { runPrepared } from './run-prepared.js';

// A member's posting slots and the posts on them (decision 0030). A slot is taken by a
// post of the member scheduled at its instant: `scheduled`, or generating images on its
// way back to `scheduled` (it keeps its scheduled_at meanwhile). A published, deleted or
// unscheduled post takes none.
export const takesASlot = (post: string) => `${post}.status IN ('scheduled', 'generating_images') AND ${post}.scheduled_at IS NOT NULL`;

export interface SlotTaken {
  at: Date;
  postId: string;
}

/** The member's posts that take a slot between `from` and `to` (inclusive), in time order; per instant the oldest post. */
export async function postsOnSlots(sql: Sql, memberId: string, from: Date, to: Date): Promise<SlotTaken[]> {
  const result = await runPrepared<{ at: Date; post_id: string }>(
    sql,
    'lps-posts-on-slots',
    `SELECT DISTINCT ON (p.scheduled_at) p.scheduled_at AS at, p.id AS post_id FROM posts p
      WHERE p.member_id = $1 AND ${takesASlot('p')} AND p.scheduled_at BETWEEN $2 AND $3
      ORDER BY p.scheduled_at, p.created_at, p.id`,
    [memberId, from, to],
  );
  return result.rows.map((row) => ({ at: row.at, postId: row.post_id }));
}

export interface SlotQueueing {
  postId: string;
  memberId: string;
  /** The state the caller read and checked: the write happens only while the post is still in one of these. */
  allowedFrom: PostStatus[];
  /** The slot instants to try, earliest first, in chunks (the caller computes them lazily: a year of slots is long). */
  candidates: Iterable<Date[]>;
  now: Date;
}

export type SlotQueueingOutcome = { post: Post } | { problem: 'no free slot' | 'changed' };

/**
 * POST /posts/{id}/queue: the earliest candidate no other post of the member takes, written with
 * the scheduling statement (schedulePublication) — a queued post is a scheduled post. Choosing and
 * writing hold the member's `posting-slots` lock until the commit, so two queue calls of one member
 * run one after the other and never take one slot. 'changed': the post left `allowedFrom` or went
 * in flight between the caller's read and this write.
 */
export async function queueInFreeSlot(pool: SqlPool, queueing: SlotQueueing): Promise<SlotQueueingOutcome> {
  return inSqlTransaction(pool, async (client) => {
    await lockMemberScopeSql(client, 'posting-slots', queueing.memberId);
    for (const chunk of queueing.candidates) {
      if (chunk.length === 0) continue;
      const free = await runPrepared<{ at: Date }>(
        client,
        'lps-first-free-slot',
        `SELECT c.at FROM unnest($2::timestamptz[]) WITH ORDINALITY AS c(at, n)
          WHERE NOT EXISTS (SELECT 1 FROM posts p WHERE p.member_id = $1 AND p.id <> $3 AND ${takesASlot('p')} AND p.scheduled_at = c.at)
          ORDER BY c.n LIMIT 1`,
        [queueing.memberId, chunk, queueing.postId],
      );
      const at = free.rows[0]?.at;
      if (!at) continue;
      const post = await schedulePublication(client, queueing.postId, queueing.allowedFrom, at, queueing.now);
      return post ? { post } : { problem: 'changed' };
    }
    return { problem: 'no free slot' };
  });
}
