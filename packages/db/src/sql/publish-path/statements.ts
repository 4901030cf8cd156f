import type { Sql } from '../../client.js';
import type { NetworkConnection, Post, PostStatus } from '../../generated/prisma/client.js';
import { runPrepared } from '../run-prepared.js';
import { connectionFromJson, postFromRow, type ConnectionJson, type PostRow } from '../rows/post-row.js';

// The publish path in plain SQL (docs/decisions/0008): each function is one statement,
// a named prepared statement so PostgreSQL parses and plans it once per connection.
// `updated_at` is Prisma's @updatedAt, kept by the client rather than the database, so
// every UPDATE here sets it too. Step 3, the write that makes a post published, is in
// mark-published.ts.

export interface PostWithConnection {
  post: Post;
  /** The member's network connection, read in the same statement (null when there is none). */
  connection: NetworkConnection | null;
  /** The member's approval_required setting, read in the same statement (decision 0031); absent means off. */
  approvalRequired?: boolean;
}

type JoinedRow = PostRow & { connection: ConnectionJson | null; approval_required?: boolean };

const one = <R, T>(rows: R[], map: (row: R) => T): T | null => (rows[0] === undefined ? null : map(rows[0]));

/** Results of a many-post statement by post id; a post that is gone (or did not qualify) is absent. */
export type ById<T> = Map<string, T>;

const byPostId = <R extends { id: string }, T>(rows: R[], map: (row: R) => T): ById<T> => new Map(rows.map((row) => [row.id, map(row)]));

const joined = (row: JoinedRow): PostWithConnection => {
  const { connection, approval_required, ...post } = row;
  return {
    post: postFromRow(post),
    connection: connection ? connectionFromJson(connection) : null,
    ...(approval_required === undefined ? {} : { approvalRequired: approval_required }),
  };
};

export interface PostLookup {
  id: string;
  /** With a member, another member's post is absent, like a missing one (both answer 404). */
  memberId?: string;
}

/** Posts and their members' network connections in one statement, by post id. Ids must be distinct. */
export async function findPostsWithConnection(sql: Sql, lookups: PostLookup[]): Promise<ById<PostWithConnection>> {
  const result = await runPrepared<JoinedRow>(
    sql,
    'lps-posts-with-connection',
    `SELECT p.*, to_jsonb(c) AS connection, COALESCE(s.approval_required, false) AS approval_required
       FROM unnest($1::uuid[], $2::uuid[]) AS i(id, member_id)
       JOIN posts p ON p.id = i.id AND (i.member_id IS NULL OR p.member_id = i.member_id)
       LEFT JOIN network_connections c ON c.member_id = p.member_id
       LEFT JOIN member_settings s ON s.member_id = p.member_id`,
    [lookups.map((lookup) => lookup.id), lookups.map((lookup) => lookup.memberId ?? null)],
  );
  return byPostId(result.rows, joined);
}

export interface PublicationRequest {
  id: string;
  /** The state the caller read: the request is recorded only while the post is still in it. */
  fromStatus: PostStatus;
  now: Date;
}

/**
 * POST /publish for any number of posts in one statement: records each request while
 * its post is still in `fromStatus` and not in flight, in the statement that checks
 * it. A post that changed meanwhile is absent. Ids must be distinct.
 */
export async function markPublicationsRequested(sql: Sql, requests: PublicationRequest[]): Promise<ById<Post>> {
  const result = await runPrepared<PostRow>(
    sql,
    'lps-request-publications',
    `UPDATE posts p SET publish_requested_at = i.now, status_before_publish = p.status, last_error = NULL,
            publish_failed_at = NULL, publish_error_code = NULL, updated_at = i.now
       FROM unnest($1::uuid[], $2::"PostStatus"[], $3::timestamptz[]) AS i(id, from_status, now)
      WHERE p.id = i.id AND p.status = i.from_status AND p.publish_requested_at IS NULL
      RETURNING p.*`,
    [requests.map((request) => request.id), requests.map((request) => request.fromStatus), requests.map((request) => request.now)],
  );
  return byPostId(result.rows, postFromRow);
}

/**
 * POST /schedule and /queue: state `scheduled` at `at`, only from `allowedFrom` and while nothing is in
 * flight. The state it leaves is kept for POST /unschedule; a reschedule keeps the one it had (decision 0030).
 */
export async function schedulePublication(sql: Sql, id: string, allowedFrom: PostStatus[], at: Date, now: Date): Promise<Post | null> {
  const result = await runPrepared<PostRow>(
    sql,
    'lps-schedule-publication',
    `UPDATE posts SET status = 'scheduled', scheduled_at = $3, last_error = NULL, publish_failed_at = NULL, publish_error_code = NULL, updated_at = $4,
            status_before_schedule = CASE WHEN status = 'scheduled' THEN status_before_schedule ELSE status END
      WHERE id = $1 AND status = ANY($2::"PostStatus"[]) AND publish_requested_at IS NULL
      RETURNING *`,
    [id, allowedFrom, at, now],
  );
  return one(result.rows, postFromRow);
}

export interface PublicationClaim {
  id: string;
  /** The client reference sent with the network call, kept when the post has one already (stable across attempts). */
  reference: string;
  now: Date;
}

export interface LoadedForPublishing extends PostWithConnection {
  /**
   * The row version (PostgreSQL's xmin) this statement's claim wrote: unchanged at commit time means nobody
   * else wrote the post. Absent when the post was not claimed (published, not requested, not yet due).
   */
  claimedVersion?: string;
}

/**
 * The publish job's one read, which is also step 1 of docs/decisions/0005: a post
 * whose publication was requested, or a scheduled post whose time has come (made
 * "in flight" like one sent by POST /publish), is claimed — attempt counted,
 * reference recorded — and committed before the job makes any network call. Other
 * posts are returned as they are, unclaimed. The conditions make a concurrent
 * reschedule or publish win or lose cleanly. One statement for any number of posts
 * (jobs running side by side share it, decision 0008). Ids must be distinct.
 */
export async function loadAndClaimPublications(sql: Sql, claims: PublicationClaim[]): Promise<ById<LoadedForPublishing>> {
  const result = await runPrepared<JoinedRow & { row_version: string | null }>(
    sql,
    'lps-load-and-claim-publications',
    `WITH input AS (SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[]) AS i(id, reference, now)),
     claimed AS (
       UPDATE posts p
          SET status_before_publish = CASE WHEN p.publish_requested_at IS NULL THEN 'scheduled' ELSE p.status_before_publish END,
              publish_requested_at = COALESCE(p.publish_requested_at, i.now),
              publish_claimed_at = i.now, publish_attempts = p.publish_attempts + 1,
              publish_reference = COALESCE(p.publish_reference, i.reference), updated_at = i.now
         FROM input i
        WHERE p.id = i.id AND p.status <> 'published'
          AND (p.publish_requested_at IS NOT NULL OR (p.status = 'scheduled' AND p.scheduled_at <= i.now))
        RETURNING p.*, p.xmin::text AS row_version
     ), post AS (
       SELECT * FROM claimed
       UNION ALL
       SELECT p.*, NULL FROM posts p JOIN input i ON i.id = p.id WHERE NOT EXISTS (SELECT 1 FROM claimed c WHERE c.id = p.id)
     )
     SELECT post.*, to_jsonb(c) AS connection FROM post LEFT JOIN network_connections c ON c.member_id = post.member_id`,
    [claims.map((claim) => claim.id), claims.map((claim) => claim.reference), claims.map((claim) => claim.now)],
  );
  return byPostId(result.rows, ({ row_version, ...row }) => ({ ...joined(row), ...(row_version === null ? {} : { claimedVersion: row_version }) }));
}
