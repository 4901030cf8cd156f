import { enqueue } from '@lps/queue';
import type { Runtime } from './runtime.js';

/**
 * Call after a transaction that appended outbox events has committed: asks the
 * dispatcher to relay now. One deduplicated `relay-outbox` job serves every
 * announcement (the relay claims whatever is unrelayed, in batches), so a burst
 * of events costs a burst of no-op adds, not one job per event.
 *
 * Best effort on purpose — if Redis is down the events are already safe in the
 * outbox and the dispatcher's sweeper relays them.
 */
export async function announceEvents(runtime: Runtime, outboxIds: string[]): Promise<void> {
  if (outboxIds.length === 0) return;
  try {
    await enqueue(runtime.queues, 'relay-outbox', {});
  } catch (error) {
    runtime.logger.warn('could not enqueue an outbox relay; the sweeper will pick it up', {
      outbox_ids: outboxIds.join(','),
      error: (error as Error).message,
    });
  }
}
