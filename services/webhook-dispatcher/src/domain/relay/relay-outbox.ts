import { enqueueMany } from '@lps/queue';
import type { Needs } from '../dispatcher-context.js';

/** Outbox rows per statement: large enough that a burst costs a few commits, small enough to commit fast. */
export const RELAY_BATCH = 500;

/**
 * Fans unrelayed outbox events out to one delivery record per active endpoint
 * of their member subscribed to their type, marks them relayed (one statement,
 * one commit per batch) and enqueues a delivery job per new record, batch after
 * batch until the outbox is drained.
 *
 * Safe to repeat and to run in several dispatchers at once: claimed rows are
 * locked and skipped by the others, and records are unique per (event,
 * endpoint). A crash between a commit and its enqueue leaves pending records
 * without a job: the sweeper finds them (the database is the truth), so the
 * window delays a delivery but never loses it.
 */
export async function relayOutbox({ repos, queues }: Needs<'relayOutboxBatch', 'queues'>, createdBefore: Date | null = null): Promise<{ events: number; deliveries: number }> {
  let events = 0;
  let deliveries = 0;
  for (;;) {
    const batch = await repos.relayOutboxBatch(RELAY_BATCH, createdBefore);
    // One job per new record (sent by `deliverWebhook` in services/webhook-dispatcher/src/domain/delivery/deliver-webhook.ts),
    // added in bulk; ids are `delivery-<id>`, so a repeat adds nothing. With
    // tracing on, each delivery continues the trace its event was written in, not the relay's.
    await enqueueMany(
      queues,
      'deliver-webhook',
      batch.deliveries.map(({ id, endpointId }) => ({ deliveryId: id, endpointId })),
      {
        traceOf: (index) => batch.deliveries[index]?.traceContext,
      },
    );
    events += batch.claimed;
    deliveries += batch.deliveries.length;
    if (batch.claimed < RELAY_BATCH) return { events, deliveries };
  }
}
