import { ensureJob } from '@lps/queue';
import type { Needs } from '../deps.js';

/**
 * Places a recorded delivery's job; should Redis refuse, the dispatcher's sweeper sends it.
 */
export async function placeDelivery(queues: Needs<never, 'queues'>['queues'], request: Needs<never, 'request'>['request'], deliveryId: string, endpointId: string): Promise<void> {
  try {
    // A finished job of this delivery (its first series) is replaced: BullMQ ignores a job id it still holds.
    await ensureJob(queues, 'deliver-webhook', { deliveryId, endpointId });
  } catch (error) {
    request.log.warn('delivery recorded but not queued now; the dispatcher sweeper sends it', { delivery_id: deliveryId, error: (error as Error).message });
  }
}
