import { randomUUID } from 'node:crypto';
import type { Sql } from '../client.js';
import type { Prisma } from '../generated/prisma/client.js';
import { runPrepared } from './post-publication.js';

export interface PublishCommit {
  postId: string;
  /** The row version the claim returned (`claimPublication`). */
  claimedVersion: string;
  urn: string;
  url: string;
  now: Date;
  /** The post.published event body, made from the post as this statement leaves it. */
  eventData: Prisma.InputJsonValue;
}

/**
 * Step 3 of docs/decisions/0005 in one statement: the post becomes published and its
 * post.published outbox row is written, atomically. It applies only while the post is
 * still the row version the claim wrote, so the caller can build the event body from
 * the claimed row without reading it again; returns null (nothing written) when
 * anyone else wrote the post since, and the caller then takes the general path
 * (`markPublished` + `appendOutboxEventSql` in one transaction).
 */
export async function commitPublishedIfUnchanged(sql: Sql, commit: PublishCommit): Promise<{ outboxId: string } | null> {
  const outboxId = randomUUID();
  const result = await runPrepared<{ id: string }>(
    sql,
    'lps-commit-published-if-unchanged',
    `WITH published AS (
       UPDATE posts SET status = 'published', network_post_urn = $3, network_url = $4, published_at = $5,
              publish_requested_at = NULL, status_before_publish = NULL, last_error = NULL, updated_at = $5
        WHERE id = $1 AND xmin = $2::xid AND status <> 'published'
        RETURNING member_id
     )
     INSERT INTO outbox_events (id, member_id, type, payload)
     SELECT $6, member_id, 'post.published', $7 FROM published
     RETURNING id`,
    [commit.postId, commit.claimedVersion, commit.urn, commit.url, commit.now, outboxId, JSON.stringify(commit.eventData)],
  );
  return result.rows.length === 1 ? { outboxId } : null;
}
