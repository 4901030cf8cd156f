import { enqueue, type JobHandler } from '@lps/queue';
import type { Runtime } from '@lps/runtime';

/**
 * Fans one outbox event out to one delivery record per active endpoint of its
 * member subscribed to its type, and marks the event relayed — one statement,
 * one commit (the relay is the dispatcher's hot path, and a commit is its
 * main cost). Then it enqueues a delivery job per new record.
 *
 * Safe to repeat: an event already relayed inserts nothing, and records are
 * unique per (event, endpoint). A crash between the commit and the enqueue
 * leaves pending records without a job: the sweeper finds them (the database
 * is the truth), so the window delays a delivery but never loses it.
 */
export function createRelayHandler(runtime: Runtime): JobHandler<'relay-event'> {
  const { db, queues } = runtime;
  return async ({ outboxId }) => {
    const created = await db.$queryRaw<{ id: string; endpoint_id: string }[]>`
      WITH event AS (
        UPDATE outbox_events SET relayed_at = now()
        WHERE id = ${outboxId}::uuid AND relayed_at IS NULL
        RETURNING id, member_id, type
      )
      INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event, next_attempt_at, updated_at)
      SELECT gen_random_uuid(), endpoint.id, event.id, event.type, now(), now()
      FROM event
      JOIN webhook_endpoints endpoint
        ON endpoint.member_id = event.member_id AND endpoint.is_active AND event.type = ANY (endpoint.events)
      ON CONFLICT (event_id, endpoint_id) DO NOTHING
      RETURNING id::text AS id, endpoint_id::text AS endpoint_id`;
    for (const delivery of created) await enqueue(queues, 'deliver-webhook', { deliveryId: delivery.id, endpointId: delivery.endpoint_id });
    return { deliveries: created.length };
  };
}
