import type { Sql } from '../client.js';

/** A delivery record the relay just created, in event order: what its job needs. */
export interface RelayedDelivery {
  id: string;
  endpointId: string;
  /** The trace its event was written in (null while tracing was off). */
  traceContext: string | null;
}

export interface RelayBatch {
  /** Outbox rows marked relayed by this call (some may have no subscribed endpoint). */
  claimed: number;
  deliveries: RelayedDelivery[];
}

interface RelayBatchRow {
  claimed: number;
  delivery_ids: string[];
  endpoint_ids: string[];
  trace_contexts: (string | null)[];
}

/**
 * Relays up to `limit` unrelayed outbox rows, oldest first, in one statement
 * (one commit): marks them relayed and inserts one `webhook_deliveries` row per
 * active endpoint of the event's member subscribed to its type.
 *
 * `FOR UPDATE SKIP LOCKED` lets several dispatchers relay side by side without
 * waiting on or claiming each other's rows; records are unique per (event,
 * endpoint), so a repeat inserts nothing. `createdBefore` leaves the newest rows
 * to their announcement (the sweeper passes it).
 */
export async function relayOutboxBatch(sql: Sql, limit: number, createdBefore: Date | null = null): Promise<RelayBatch> {
  const { rows } = await sql.query<RelayBatchRow>(
    `WITH claimed AS (
       UPDATE outbox_events SET relayed_at = now()
       WHERE id IN (
         SELECT id FROM outbox_events
         WHERE relayed_at IS NULL AND ($2::timestamptz IS NULL OR created_at < $2::timestamptz)
         ORDER BY created_at
         LIMIT $1
         FOR UPDATE SKIP LOCKED)
       RETURNING id, member_id, type, created_at, trace_context
     ), created AS (
       INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event, next_attempt_at, updated_at)
       SELECT gen_random_uuid(), endpoint.id, claimed.id, claimed.type, now(), now()
       FROM claimed
       JOIN webhook_endpoints endpoint
         ON endpoint.member_id = claimed.member_id AND endpoint.is_active AND claimed.type = ANY (endpoint.events)
       ON CONFLICT (event_id, endpoint_id) DO NOTHING
       RETURNING id, endpoint_id, event_id
     )
     SELECT (SELECT count(*)::int FROM claimed) AS claimed,
            coalesce(array_agg(created.id::text ORDER BY claimed.created_at, claimed.id), '{}') AS delivery_ids,
            coalesce(array_agg(created.endpoint_id::text ORDER BY claimed.created_at, claimed.id), '{}') AS endpoint_ids,
            coalesce(array_agg(claimed.trace_context ORDER BY claimed.created_at, claimed.id), '{}') AS trace_contexts
     FROM created JOIN claimed ON claimed.id = created.event_id`,
    [limit, createdBefore],
  );
  const row = rows[0] as RelayBatchRow;
  return {
    claimed: row.claimed,
    deliveries: row.delivery_ids.map((id, i) => ({ id, endpointId: row.endpoint_ids[i] as string, traceContext: row.trace_contexts[i] ?? null })),
  };
}
