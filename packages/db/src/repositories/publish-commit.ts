import { randomUUID } from 'node:crypto';
import type { Sql } from '../client.js';
import type { Prisma } from '../generated/prisma/client.js';
import { runPrepared, type ById } from './post-publication.js';

export interface PublishCommit {
  postId: string;
  /** The row version the claim returned (`loadAndClaimPublications`). */
  claimedVersion: string;
  urn: string;
  url: string;
  now: Date;
  /** The post.published event body, made from the post as this statement leaves it. */
  eventData: Prisma.InputJsonValue;
}

/**
 * Step 3 of docs/decisions/0005 in one statement, for any number of posts: each post
 * becomes published and its post.published outbox row is written, atomically. A post
 * is written only while it is still the row version its claim wrote, so the caller
 * can build the event body from the claimed row without reading it again. Returns
 * the outbox id of each post written; a post that anyone else wrote since is
 * absent, and its caller takes the general path (`markPublished` +
 * `appendOutboxEventSql` in one transaction). Post ids must be distinct.
 */
export async function commitPublishedIfUnchanged(sql: Sql, commits: PublishCommit[]): Promise<ById<{ outboxId: string }>> {
  const outboxIds = commits.map(() => randomUUID());
  const result = await runPrepared<{ post_id: string; id: string }>(
    sql,
    'lps-commit-published-if-unchanged',
    `WITH input AS (
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::uuid[], $7::jsonb[])
                  AS i(id, version, urn, url, now, outbox_id, payload)
     ), published AS (
       UPDATE posts p SET status = 'published', network_post_urn = i.urn, network_url = i.url, published_at = i.now,
              publish_requested_at = NULL, status_before_publish = NULL, publish_media_urn = NULL, last_error = NULL, updated_at = i.now
         FROM input i
        WHERE p.id = i.id AND p.xmin = i.version::xid AND p.status <> 'published'
        RETURNING p.id, p.member_id
     ), events AS (
       INSERT INTO outbox_events (id, member_id, type, payload)
       SELECT i.outbox_id, pub.member_id, 'post.published', i.payload FROM published pub JOIN input i ON i.id = pub.id
       RETURNING id
     )
     SELECT i.id AS post_id, e.id FROM events e JOIN input i ON i.outbox_id = e.id`,
    [
      commits.map((commit) => commit.postId),
      commits.map((commit) => commit.claimedVersion),
      commits.map((commit) => commit.urn),
      commits.map((commit) => commit.url),
      commits.map((commit) => commit.now),
      outboxIds,
      commits.map((commit) => JSON.stringify(commit.eventData)),
    ],
  );
  return new Map(result.rows.map((row) => [row.post_id, { outboxId: row.id }]));
}
