import { createCallBatcher } from '@lps/db';
import type { Logger } from '@lps/logger';
import { enqueue, type Queues } from '@lps/queue';

/** Asks the dispatcher to relay the given committed outbox events now. */
export type AnnounceEvents = (outboxIds: string[]) => Promise<void>;

/**
 * Call after a transaction that appended outbox events has committed: asks the
 * dispatcher to relay now. One deduplicated `relay-outbox` job serves every
 * announcement (the relay claims whatever is unrelayed, in batches), and within
 * a process the announcements made while one add is on its way to Redis share
 * the next add: it is sent after their commits, which is all a relay needs to
 * see their rows. A burst of events costs a few adds, not one per event.
 *
 * Best effort on purpose — if Redis is down the events are already safe in the
 * outbox and the dispatcher's sweeper relays them.
 */
export function createEventAnnouncer(queues: Queues, logger: Logger): AnnounceEvents {
  const announce = createCallBatcher<string[], void>(
    async (calls) => {
      await askForRelay(queues, logger, calls.flat());
      return calls.map(() => undefined);
    },
    { maxBatch: 10_000, maxInFlight: 1 },
  );
  return async (outboxIds) => {
    if (outboxIds.length > 0) await announce(outboxIds);
  };
}

async function askForRelay(queues: Queues, logger: Logger, outboxIds: string[]): Promise<void> {
  try {
    await enqueue(queues, 'relay-outbox', {});
  } catch (error) {
    logger.warn('could not enqueue an outbox relay; the sweeper will pick it up', {
      outbox_ids: outboxIds.join(','),
      error: (error as Error).message,
    });
  }
}
