import { purgeExpiredIdempotencyRecords } from '@lps/db';
import type { PublisherContext } from '../publisher-context.js';

/** Deletes Idempotency-Key records past their window; a key seen again after that runs its request anew. */
export async function purgeIdempotencyRecords({ runtime, log }: PublisherContext): Promise<{ purged: number }> {
  const { count } = await purgeExpiredIdempotencyRecords(runtime.db);
  if (count > 0) log.info(`purged ${count} expired idempotency records`);
  return { purged: count };
}
