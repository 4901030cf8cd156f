import { randomUUID } from 'node:crypto';
import type { Sql } from '../../client.js';
import type { Post, Prisma } from '../../generated/prisma/client.js';
import { runPrepared } from '../run-prepared.js';
import { postFromRow, type PostRow } from '../rows/post-row.js';
import type { ById } from './statements.js';

/** A publication the network confirmed, as recorded at `now`. */
export interface Publication {
  urn: string;
  url: string;
  now: Date;
}

/**
 * What "published" writes to a post, the one definition: both statements below set
 * exactly these columns (the SQL is made from it) and `asPublished` applies them in
 * memory, so the event body built before the one-statement commit cannot drift from
 * the row. Generic in its values: the publication's own for a post, SQL expressions
 * for a statement.
 */
const publishedColumns = <Text, Time>({ urn, url, now }: { urn: Text; url: Text; now: Time }) =>
  ({
    status: 'published',
    networkPostUrn: urn,
    networkUrl: url,
    publishedAt: now,
    publishRequestedAt: null,
    statusBeforePublish: null,
    publishMediaUrn: null,
    publishImageUrns: null,
    lastError: null,
    publishFailedAt: null,
    publishErrorCode: null,
    updatedAt: now,
  }) as const satisfies Partial<Record<keyof Post, unknown>>;

/** The post exactly as marking it published leaves it, without a second read. */
export const asPublished = (post: Post, publication: Publication): Post => ({ ...post, ...publishedColumns(publication) });

interface SqlExpression {
  sql: string;
}
const column = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const sqlOf = (value: SqlExpression | string | null) => (value === null ? 'NULL' : typeof value === 'string' ? `'${value}'` : value.sql);

/** `publishedColumns` as a SET list, its values read from the given SQL expressions. */
const publishedSet = (values: { urn: string; url: string; now: string }): string =>
  Object.entries(publishedColumns({ urn: { sql: values.urn }, url: { sql: values.url }, now: { sql: values.now } }))
    .map(([field, value]) => `${column(field)} = ${sqlOf(value)}`)
    .join(', ');

const MARK_PUBLISHED = `UPDATE posts SET ${publishedSet({ urn: '$2', url: '$3', now: '$4' })}
      WHERE id = $1 AND status <> 'published'
      RETURNING *`;

/**
 * Step 3 of docs/decisions/0005, the general path: URN, URL, published_at and status
 * in one statement; null when the post is gone or already published. Run it in the
 * transaction that writes the event.
 */
export async function markPublished(sql: Sql, id: string, published: { urn: string; url: string }, now: Date): Promise<Post | null> {
  const result = await runPrepared<PostRow>(sql, 'lps-mark-published', MARK_PUBLISHED, [id, published.urn, published.url, now]);
  return result.rows[0] === undefined ? null : postFromRow(result.rows[0]);
}

export interface PublishCommit extends Publication {
  postId: string;
  /** The row version the claim returned (`loadAndClaimPublications`). */
  claimedVersion: string;
  /** The post.published event body, made from the post as this statement leaves it (`asPublished`). */
  eventData: Prisma.InputJsonValue;
  /** The trace the publication runs in (tracing on), kept with its event; taken when the commit is asked for, as the batch runs outside it. */
  traceContext?: string | null;
}

const COMMIT_PUBLISHED_IF_UNCHANGED = `WITH input AS (
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::uuid[], $7::jsonb[], $8::text[])
                  AS i(id, version, urn, url, now, outbox_id, payload, trace_context)
     ), published AS (
       UPDATE posts p SET ${publishedSet({ urn: 'i.urn', url: 'i.url', now: 'i.now' })}
         FROM input i
        WHERE p.id = i.id AND p.xmin = i.version::xid AND p.status <> 'published'
        RETURNING p.id, p.member_id
     ), events AS (
       INSERT INTO outbox_events (id, member_id, type, payload, trace_context)
       SELECT i.outbox_id, pub.member_id, 'post.published', i.payload, i.trace_context FROM published pub JOIN input i ON i.id = pub.id
       RETURNING id
     )
     SELECT i.id AS post_id, e.id FROM events e JOIN input i ON i.outbox_id = e.id`;

/**
 * Step 3 of docs/decisions/0005 in one statement, for any number of posts: each post
 * becomes published and its post.published outbox row is written, atomically. A post
 * is written only while it is still the row version its claim wrote, so the caller
 * can build the event body from the claimed row (`asPublished`) without reading it
 * again. Returns the outbox id of each post written; a post that anyone else wrote
 * since is absent, and its caller takes the general path (`markPublished` +
 * `appendOutboxEventSql` in one transaction). Post ids must be distinct.
 */
export async function commitPublishedIfUnchanged(sql: Sql, commits: PublishCommit[]): Promise<ById<{ outboxId: string }>> {
  const outboxIds = commits.map(() => randomUUID());
  const result = await runPrepared<{ post_id: string; id: string }>(sql, 'lps-commit-published-if-unchanged', COMMIT_PUBLISHED_IF_UNCHANGED, [
    commits.map((commit) => commit.postId),
    commits.map((commit) => commit.claimedVersion),
    commits.map((commit) => commit.urn),
    commits.map((commit) => commit.url),
    commits.map((commit) => commit.now),
    outboxIds,
    commits.map((commit) => JSON.stringify(commit.eventData)),
    commits.map((commit) => commit.traceContext ?? null),
  ]);
  return new Map(result.rows.map((row) => [row.post_id, { outboxId: row.id }]));
}
