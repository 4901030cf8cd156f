import { randomUUID } from 'node:crypto';
import { currentTraceMetadata } from '@lps/telemetry';
import type { Sql } from '../client.js';
import type { NewOutboxEvent } from '../outbox.js';

/**
 * `appendOutboxEvent` in plain SQL, for hot paths (docs/decisions/0008): pass the
 * client of an `inSqlTransaction`. The id is made here, as Prisma's uuid() default does.
 */
export async function appendOutboxEventSql(client: Sql, event: NewOutboxEvent): Promise<{ id: string }> {
  const id = randomUUID();
  await client.query({
    name: 'lps-append-outbox-event',
    text: 'INSERT INTO outbox_events (id, member_id, type, payload, trace_context) VALUES ($1, $2, $3, $4, $5)',
    values: [id, event.memberId, event.type, JSON.stringify(event.data), currentTraceMetadata() ?? null],
  });
  return { id };
}
