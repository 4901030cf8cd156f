import { inSqlTransaction, type Sql, type SqlPool } from '../client.js';
import type { Post, PostStatus } from '../generated/prisma/client.js';
import { appendOutboxEventSql } from './outbox-event.js';
import { runPrepared } from './run-prepared.js';
import { postToWire } from '../wire/post.js';
import { postFromRow, type PostRow } from './rows/post-row.js';

/** What the caller read of the post and decided from: the write happens only while the post still shows it. */
export interface ReviewSeen {
  status: PostStatus;
  statusBeforeSchedule: PostStatus | null;
  /** Approvals only: the row version read (updated_at), so what is approved is what the caller read. */
  updatedAt?: Date;
}

export interface Review {
  postId: string;
  seen: ReviewSeen;
  verdict: 'approved' | 'rejected';
  /** The reviewer's note (rejections); an approval clears the note. */
  note: string | null;
  now: Date;
}

/**
 * POST /approve and /reject (decision 0031), with post.approved or post.rejected in the same
 * transaction. An approval makes the post `approved`; a scheduled post stays scheduled, its
 * approval recorded as the state it returns to. A rejection makes it `rejected` with the note,
 * a scheduled post losing its slot. One conditional statement: null when the post changed since
 * the caller read it (the caller reads again and decides again) or went in flight. An approval
 * also needs the row unwritten since the read (`seen.updatedAt`): approving is approving what was read.
 */
export async function reviewPost(pool: SqlPool, review: Review): Promise<{ post: Post; outboxId: string } | null> {
  return inSqlTransaction(pool, async (client) => {
    const result = await runPrepared<PostRow>(
      client,
      'lps-review-post',
      `UPDATE posts
          SET status = CASE WHEN $4::text = 'approved' AND status = 'scheduled' THEN status ELSE $4::"PostStatus" END,
              status_before_schedule = CASE WHEN $4::text = 'approved' AND status = 'scheduled' THEN 'approved'::"PostStatus" END,
              scheduled_at = CASE WHEN $4::text = 'approved' THEN scheduled_at END,
              review_note = $5, updated_at = $6
        WHERE id = $1 AND status = $2::"PostStatus" AND status_before_schedule IS NOT DISTINCT FROM $3::"PostStatus" AND publish_requested_at IS NULL
          AND ($7::timestamptz IS NULL OR updated_at = $7::timestamptz)
        RETURNING *`,
      [review.postId, review.seen.status, review.seen.statusBeforeSchedule, review.verdict, review.note, review.now, review.seen.updatedAt ?? null],
    );
    const row = result.rows[0];
    if (!row) return null;
    const post = postFromRow(row);
    const event = await appendOutboxEventSql(client, {
      memberId: post.memberId,
      type: review.verdict === 'approved' ? 'post.approved' : 'post.rejected',
      data: { post: postToWire(post) },
    });
    return { post, outboxId: event.id };
  });
}

/**
 * POST /unschedule: back to the state the post had before it was scheduled (draft_saved for a post
 * scheduled before that state was kept), its slot free. One conditional statement: null when the
 * post is not (or no longer) scheduled, or its publication is in flight.
 */
export async function unschedulePublication(sql: Sql, postId: string, now: Date): Promise<Post | null> {
  const result = await runPrepared<PostRow>(
    sql,
    'lps-unschedule-publication',
    `UPDATE posts
        SET status = COALESCE(status_before_schedule, 'draft_saved'), scheduled_at = NULL, status_before_schedule = NULL, updated_at = $2
      WHERE id = $1 AND status = 'scheduled' AND publish_requested_at IS NULL
      RETURNING *`,
    [postId, now],
  );
  const row = result.rows[0];
  return row ? postFromRow(row) : null;
}
