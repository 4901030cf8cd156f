import { ensureJob } from '@lps/queue';
import type { Needs } from '../dispatcher-context.js';
import { relayOutbox } from './relay-outbox.js';

/** Left alone this long after commit: the announcement normally relays it within milliseconds. */
export const ANNOUNCE_GRACE_MS = 2_000;
/** A pending delivery this far past its time with no live job was forgotten by Redis (or its job died). */
export const OVERDUE_MS = 30_000;
const BATCH = 500;

/**
 * The database is the truth: relays outbox rows committed but never relayed
 * (Redis was down at announce time, the process died between commit and
 * enqueue) and puts pending deliveries whose job is gone back on the queue.
 * Runs on a BullMQ job scheduler, so one sweep per interval happens however
 * many dispatchers run.
 */
export async function sweepOutbox(deps: Needs<'relayOutboxBatch' | 'findOverdueDeliveries', 'queues' | 'log'>): Promise<{ events: number; deliveries: number }> {
  const { repos, queues, log } = deps;
  const now = Date.now();
  const relayed = await relayOutbox(deps, new Date(now - ANNOUNCE_GRACE_MS));
  const overdue = await repos.findOverdueDeliveries(new Date(now - OVERDUE_MS), BATCH);
  let deliveries = 0;
  for (const row of overdue) if ((await ensureJob(queues, 'deliver-webhook', { deliveryId: row.id, endpointId: row.endpointId })) === 'added') deliveries += 1;
  if (relayed.events + deliveries > 0) log.warn('sweeper re-enqueued work Redis did not have', { events: relayed.events, deliveries });
  return { events: relayed.events, deliveries };
}
