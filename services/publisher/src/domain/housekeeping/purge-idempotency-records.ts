import type { Needs } from '../publisher-context.js';

/** Deletes Idempotency-Key records past their window; a key seen again after that runs its request anew. */
export async function purgeIdempotencyRecords({ repos, log }: Needs<'purgeExpiredIdempotencyRecords', 'log'>): Promise<{ purged: number }> {
  const { count } = await repos.purgeExpiredIdempotencyRecords();
  if (count > 0) log.info(`purged ${count} expired idempotency records`);
  return { purged: count };
}
