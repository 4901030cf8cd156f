import type { Config } from '@lps/config';
import { createRedisClient, publishKeyRevocation } from '@lps/queue';

/**
 * Tells every running API replica to forget a revoked key now (they cache live
 * keys for LPS_AUTH_CACHE_TTL seconds). Best effort: without Redis the key
 * still stops working once that time has passed, and we say so.
 */
export async function announceRevocation(config: Config, keyId: string, warn: (text: string) => void): Promise<void> {
  const redis = createRedisClient(config.redis, 'command', 'lps-cli');
  try {
    await redis.connect();
    await publishKeyRevocation(redis, config.redis.prefix, keyId);
  } catch (error) {
    const seconds = config.security.authCacheTtlMs / 1000;
    warn(`could not announce the revocation over Redis (${(error as Error).message}); running APIs stop accepting the key within ${seconds} s`);
  } finally {
    redis.disconnect();
  }
}
