import { jobCatalog, type DeliverWebhookPayload, type Queues } from '@lps/queue';
import type { RelayedDelivery } from '@lps/db';

/** Jobs per Redis call: one relay batch is a few hundred deliveries. */
const CHUNK = 500;

/**
 * One `deliver-webhook` job per new delivery record, added with `addBulk` (one
 * round trip per chunk instead of one per delivery). Each job keeps the
 * catalog's options and deterministic id (`delivery-<id>`), so adding one that
 * exists is a no-op, exactly as with `enqueue`. The payloads are built here from
 * rows the relay just wrote, so they are not checked against the schema again.
 */
export async function enqueueDeliveries(queues: Queues, deliveries: RelayedDelivery[]): Promise<void> {
  const definition = jobCatalog['deliver-webhook'];
  const queue = queues[definition.queue];
  const jobId = definition.jobId as (payload: DeliverWebhookPayload) => string;
  for (let i = 0; i < deliveries.length; i += CHUNK) {
    const jobs = deliveries.slice(i, i + CHUNK).map((delivery) => {
      const data: DeliverWebhookPayload = { deliveryId: delivery.id, endpointId: delivery.endpointId };
      return { name: 'deliver-webhook', data, opts: { ...definition.options, jobId: jobId(data) } };
    });
    await queue.addBulk(jobs);
  }
}
