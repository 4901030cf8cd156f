import { enqueue } from '@lps/queue';
import type { Runtime } from './runtime.js';

/**
 * Call after a transaction that appended outbox events has committed: asks the
 * dispatcher to relay them now. Best effort on purpose — if Redis is down the
 * events are already safe in the outbox and the dispatcher's sweeper relays them.
 */
export async function announceEvents(runtime: Runtime, outboxIds: string[]): Promise<void> {
  for (const outboxId of outboxIds) {
    try {
      await enqueue(runtime.queues, 'relay-event', { outboxId });
    } catch (error) {
      runtime.logger.warn('could not enqueue an outbox relay; the sweeper will pick it up', {
        outbox_id: outboxId,
        error: (error as Error).message,
      });
    }
  }
}
