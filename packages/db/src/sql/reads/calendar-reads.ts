import type { Sql } from '../../client.js';
import type { PostFormat, PostStatus } from '../../generated/prisma/client.js';
import { takesASlot } from '../posting-slots.js';
import { runPrepared } from '../run-prepared.js';
import { OPENING_SQL, postTitle } from '../../wire/post-title.js';

/** One post on the calendar: a scheduled post at its time, a published post at its publication. */
export interface CalendarPost {
  postId: string;
  status: PostStatus;
  at: Date;
  title: string;
  format: PostFormat;
  networkUrl: string | null;
}

/** More than this in one answer is not a calendar: the caller asks for a shorter range. */
export const CALENDAR_MAX_POSTS = 3_000;

/**
 * GET /calendar's one statement (decision 0040): the member's scheduled posts by
 * (member_id, scheduled_at) and published posts by (member_id, published_at), two index
 * ranges joined in time order. Exported for the test that reads its plan.
 */
export const CALENDAR_SQL = `
  (SELECT p.id, p.status, p.scheduled_at AS at, ${OPENING_SQL('p.body')} AS opening, p.format, p.network_url
     FROM posts p
    WHERE p.member_id = $1 AND ${takesASlot('p')} AND p.scheduled_at >= $2 AND p.scheduled_at < $3)
  UNION ALL
  (SELECT p.id, p.status, p.published_at AS at, ${OPENING_SQL('p.body')} AS opening, p.format, p.network_url
     FROM posts p
    WHERE p.member_id = $1 AND p.status = 'published' AND p.published_at >= $2 AND p.published_at < $3)
  ORDER BY at, id
  LIMIT $4`;

interface CalendarRow {
  id: string;
  status: PostStatus;
  at: Date;
  opening: string | null;
  format: PostFormat;
  network_url: string | null;
}

/** The member's scheduled and published posts in [from, to), in time order; `truncated` past CALENDAR_MAX_POSTS. */
export async function readCalendarPosts(sql: Sql, memberId: string, from: Date, to: Date): Promise<{ posts: CalendarPost[]; truncated: boolean }> {
  const { rows } = await runPrepared<CalendarRow>(sql, 'lps-read-calendar', CALENDAR_SQL, [memberId, from, to, CALENDAR_MAX_POSTS + 1]);
  return {
    posts: rows.slice(0, CALENDAR_MAX_POSTS).map((row) => ({
      postId: row.id,
      status: row.status,
      at: row.at,
      title: postTitle(row.opening),
      format: row.format,
      networkUrl: row.network_url,
    })),
    truncated: rows.length > CALENDAR_MAX_POSTS,
  };
}
