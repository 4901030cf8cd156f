import { randomUUID } from 'node:crypto';
import type { SqlPool } from '@lps/db';

/**
 * Writes a batch of `post.published` outbox rows — the rows appendOutboxEventSql
 * writes (id made here, as Prisma's uuid() default does) — as one INSERT, which
 * is one transaction. The producer runs in the bench process beside the
 * receiver: through Prisma (createManyAndReturn) each batch cost the receiver's
 * event loop tens of milliseconds, and the first seconds of the measurement
 * were the producer slowing the receiver, not the dispatcher.
 */
export async function writeOutboxBatch(sql: SqlPool, memberId: string, postIds: string[]): Promise<string[]> {
  const ids = postIds.map(() => randomUUID());
  await sql.query({
    name: 'bench-append-outbox-events',
    text: `INSERT INTO outbox_events (id, member_id, type, payload)
           SELECT id, $2, 'post.published', jsonb_build_object('post', jsonb_build_object('id', post_id, 'status', 'published'))
           FROM unnest($1::uuid[], $3::text[]) AS e(id, post_id)`,
    values: [ids, memberId, postIds],
  });
  return ids;
}
