import { Redis } from 'ioredis';

export type RedisRole = 'producer' | 'worker';

/**
 * Producers (the API) fail fast when Redis is down instead of queueing commands
 * in memory; workers block on Redis and must retry forever, so BullMQ requires
 * `maxRetriesPerRequest: null` for them.
 */
export async function connectRedis(url: string, role: RedisRole): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: role === 'worker',
    maxRetriesPerRequest: role === 'worker' ? null : 1,
    connectionName: `lps-${role}`,
    enableAutoPipelining: role === 'producer',
  });
  await redis.connect();
  return redis;
}

/** Cluster-safe BullMQ prefix: the hash tag keeps every key of our queues in one slot. */
export const bullPrefix = (prefix: string): string => `{${prefix}}`;
