import { randomBytes } from 'node:crypto';
import { loadConfig } from '@lps/config';
import { createLogger } from '@lps/logger';
import { isCluster, type RedisClient } from '@lps/queue';
import type { Redis } from 'ioredis';
import { createRuntime, type Runtime } from '@lps/runtime';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestRuntime {
  runtime: Runtime;
  database: TestDatabase;
  /** Closes connections, deletes this runtime's Redis keys and drops its database. */
  cleanup(): Promise<void>;
}

/**
 * A runtime isolated from every other test file: its own database and its own
 * Redis key prefix (queues and rate-limit counters), on the real servers.
 */
export interface TestRuntimeOptions {
  /** Rewrites this runtime's database URL (e.g. through a cuttable proxy for outage tests). */
  databaseUrl?: (url: string) => string;
}

export async function createTestRuntime(env: Record<string, string> = {}, options: TestRuntimeOptions = {}): Promise<TestRuntime> {
  const database = await createTestDatabase();
  const prefix = `t${randomBytes(5).toString('hex')}`;
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LPS_TEST_LOG_LEVEL ?? 'silent',
    LPS_ALLOW_PRIVATE_URLS: '0',
    ...env,
    DATABASE_URL: options.databaseUrl?.(database.url) ?? database.url,
    LPS_REDIS_PREFIX: prefix,
  });
  const logger = createLogger({ service: 'test', level: config.log.level, format: 'pretty' });
  const runtime = await createRuntime(config, { service: 'test', logger });
  return {
    runtime,
    database,
    async cleanup() {
      await deleteRedisKeys(runtime.redis, prefix);
      await runtime.close();
      await database.drop();
    },
  };
}

/**
 * Deletes every Redis key matching a glob pattern, in SCAN batches (never KEYS, never
 * FLUSHALL). On a cluster every master is scanned, and keys are deleted one by one
 * through the cluster client (a DEL of keys in several slots is refused with CROSSSLOT,
 * and a node that has just become a replica answers MOVED).
 */
export async function deleteKeysMatching(redis: RedisClient, pattern: string): Promise<void> {
  const servers: Redis[] = isCluster(redis) ? redis.nodes('master') : [redis];
  for (const server of servers) {
    let cursor = '0';
    do {
      const [next, keys] = await server.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length > 0) await (isCluster(redis) ? Promise.all(keys.map((key) => redis.del(key))) : server.del(...keys));
      cursor = next;
    } while (cursor !== '0');
  }
}

/** Deletes every Redis key of a prefix: its queues (`{prefix}…`), its tagged families (`{prefix:…}…`) and its counters (`prefix:…`). */
export async function deleteRedisKeys(redis: RedisClient, prefix: string): Promise<void> {
  await deleteKeysMatching(redis, `{${prefix}}*`);
  await deleteKeysMatching(redis, `{${prefix}:*`);
  await deleteKeysMatching(redis, `${prefix}:*`);
}
