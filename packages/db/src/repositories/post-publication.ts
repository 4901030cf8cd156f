import type { QueryResultRow } from 'pg';
import type { Sql } from '../client.js';
import type { NetworkConnection, Post, PostStatus } from '../generated/prisma/client.js';
import { connectionFromJson, postFromRow, type ConnectionJson, type PostRow } from './post-row.js';

// The publish path in plain SQL (docs/decisions/0008): each function is one statement,
// a named prepared statement so PostgreSQL parses and plans it once per connection.
// `updated_at` is Prisma's @updatedAt, kept by the client rather than the database, so
// every UPDATE here sets it too.

export interface PostWithConnection {
  post: Post;
  /** The member's network connection, read in the same statement (null when there is none). */
  connection: NetworkConnection | null;
}

type JoinedRow = PostRow & { connection: ConnectionJson | null };

/** Runs a named prepared statement: pg prepares it on first use per connection, then only binds and executes. */
export const runPrepared = <R extends QueryResultRow>(sql: Sql, name: string, text: string, values: unknown[]) => sql.query<R>({ name, text, values });

const one = <R, T>(rows: R[], map: (row: R) => T): T | null => (rows[0] === undefined ? null : map(rows[0]));
const joined = (row: JoinedRow): PostWithConnection => {
  const { connection, ...post } = row;
  return { post: postFromRow(post), connection: connection ? connectionFromJson(connection) : null };
};

/**
 * A post and its member's network connection in one statement. With `memberId`,
 * another member's post is null, like a missing one (both answer 404).
 */
export async function findPostWithConnection(sql: Sql, id: string, memberId?: string): Promise<PostWithConnection | null> {
  const result = await runPrepared<JoinedRow>(
    sql,
    'lps-post-with-connection',
    `SELECT p.*, to_jsonb(c) AS connection
       FROM posts p LEFT JOIN network_connections c ON c.member_id = p.member_id
      WHERE p.id = $1 AND ($2::uuid IS NULL OR p.member_id = $2::uuid)`,
    [id, memberId ?? null],
  );
  return one(result.rows, joined);
}

/**
 * POST /publish: records the request while the post is still in `fromStatus` and not
 * in flight, in the statement that checks it. Null when the post changed meanwhile.
 */
export async function requestPublication(sql: Sql, id: string, fromStatus: PostStatus, now: Date): Promise<Post | null> {
  const result = await runPrepared<PostRow>(
    sql,
    'lps-request-publication',
    `UPDATE posts SET publish_requested_at = $3, status_before_publish = status, last_error = NULL, updated_at = $3
      WHERE id = $1 AND status = $2 AND publish_requested_at IS NULL
      RETURNING *`,
    [id, fromStatus, now],
  );
  return one(result.rows, postFromRow);
}

/** POST /schedule: state `scheduled` at `at`, only from `allowedFrom` and while nothing is in flight. */
export async function schedulePublication(sql: Sql, id: string, allowedFrom: PostStatus[], at: Date, now: Date): Promise<Post | null> {
  const result = await runPrepared<PostRow>(
    sql,
    'lps-schedule-publication',
    `UPDATE posts SET status = 'scheduled', scheduled_at = $3, last_error = NULL, updated_at = $4
      WHERE id = $1 AND status = ANY($2::"PostStatus"[]) AND publish_requested_at IS NULL
      RETURNING *`,
    [id, allowedFrom, at, now],
  );
  return one(result.rows, postFromRow);
}

export interface LoadedForPublishing extends PostWithConnection {
  /** True when this statement itself made a due scheduled post "in flight". */
  markedInFlight: boolean;
}

/**
 * The publish job's first read, and for a scheduled post whose time has come the
 * step that makes it "in flight" like one sent by POST /publish — one statement.
 * The mark's condition makes a concurrent reschedule win or lose cleanly; when it
 * does not apply, the post is returned as it is (null when it is gone).
 */
export async function loadForPublishing(sql: Sql, id: string, now: Date): Promise<LoadedForPublishing | null> {
  const result = await runPrepared<JoinedRow & { marked_in_flight: boolean }>(
    sql,
    'lps-load-for-publishing',
    `WITH marked AS (
       UPDATE posts SET publish_requested_at = $2, status_before_publish = 'scheduled', updated_at = $2
        WHERE id = $1 AND status = 'scheduled' AND publish_requested_at IS NULL AND scheduled_at <= $2
        RETURNING *
     ), post AS (
       SELECT m.*, true AS marked_in_flight FROM marked m
       UNION ALL
       SELECT p.*, false FROM posts p WHERE p.id = $1 AND NOT EXISTS (SELECT 1 FROM marked)
     )
     SELECT post.*, to_jsonb(c) AS connection FROM post LEFT JOIN network_connections c ON c.member_id = post.member_id`,
    [id, now],
  );
  return one(result.rows, ({ marked_in_flight, ...row }) => ({ ...joined(row), markedInFlight: marked_in_flight }));
}

export interface ClaimedPost {
  /** The post as the claim left it. */
  post: Post;
  /** The row version the claim wrote (PostgreSQL's xmin): unchanged at commit time means nobody else wrote the post. */
  version: string;
}

/**
 * Step 1 of docs/decisions/0005, committed on its own before any network call.
 * Null when the post is no longer requested (published, failed for good or deleted meanwhile).
 */
export async function claimPublication(sql: Sql, id: string, reference: string, now: Date): Promise<ClaimedPost | null> {
  const result = await runPrepared<PostRow & { row_version: string }>(
    sql,
    'lps-claim-publication',
    `UPDATE posts SET publish_claimed_at = $3, publish_attempts = publish_attempts + 1, publish_reference = $2, updated_at = $3
      WHERE id = $1 AND status <> 'published' AND publish_requested_at IS NOT NULL
      RETURNING *, xmin::text AS row_version`,
    [id, reference, now],
  );
  return one(result.rows, ({ row_version, ...row }) => ({ post: postFromRow(row), version: row_version }));
}

/**
 * Step 3: URN, URL, published_at and status in one statement; null when the post
 * is gone or already published. Run it in the transaction that writes the event.
 */
export async function markPublished(sql: Sql, id: string, published: { urn: string; url: string }, now: Date): Promise<Post | null> {
  const result = await runPrepared<PostRow>(
    sql,
    'lps-mark-published',
    `UPDATE posts SET status = 'published', network_post_urn = $2, network_url = $3, published_at = $4,
            publish_requested_at = NULL, status_before_publish = NULL, last_error = NULL, updated_at = $4
      WHERE id = $1 AND status <> 'published'
      RETURNING *`,
    [id, published.urn, published.url, now],
  );
  return one(result.rows, postFromRow);
}
