import { createCallBatcher } from '@lps/db';
import { enqueue } from '@lps/queue';
import type { Runtime } from './runtime.js';

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
export async function announceEvents(runtime: Runtime, outboxIds: string[]): Promise<void> {
  if (outboxIds.length === 0) return;
  await announcerOf(runtime)(outboxIds);
}

const announcers = new WeakMap<Runtime, (outboxIds: string[]) => Promise<void>>();

function announcerOf(runtime: Runtime): (outboxIds: string[]) => Promise<void> {
  let announce = announcers.get(runtime);
  if (!announce) {
    announce = createCallBatcher<string[], void>(
      async (calls) => {
        await askForRelay(runtime, calls.flat());
        return calls.map(() => undefined);
      },
      { maxBatch: 10_000, maxInFlight: 1 },
    );
    announcers.set(runtime, announce);
  }
  return announce;
}

async function askForRelay(runtime: Runtime, outboxIds: string[]): Promise<void> {
  try {
    await enqueue(runtime.queues, 'relay-outbox', {});
  } catch (error) {
    runtime.logger.warn('could not enqueue an outbox relay; the sweeper will pick it up', {
      outbox_ids: outboxIds.join(','),
      error: (error as Error).message,
    });
  }
}
