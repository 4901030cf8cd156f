import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import type { RedisSettings } from '@lps/config';

/** A connection to one Redis server or to a Redis Cluster: every caller takes either. */
export type RedisClient = Redis | Cluster;

/**
 * - `producer` (the API, enqueues, counters): fails fast when Redis is down instead of
 *   queueing commands in memory, and auto-pipelines.
 * - `worker` (BullMQ workers): blocks on Redis and retries forever, as BullMQ requires
 *   (`maxRetriesPerRequest: null`), but never blocks past a blocking command's own timeout.
 * - `subscriber` (pub/sub): retries forever and resubscribes after a reconnection.
 * - `command` (the CLI's one-shot calls): one attempt, three seconds to connect, no reconnection.
 */
export type RedisRole = 'producer' | 'worker' | 'subscriber' | 'command';

const roleOptions = (role: RedisRole): RedisOptions & { enableOfflineQueue: boolean } => {
  switch (role) {
    case 'producer':
      return { enableOfflineQueue: false, maxRetriesPerRequest: 1, enableAutoPipelining: true };
    case 'worker':
      // A blocking fetch queued on a connection that died with its server (a cluster master SIGKILLed)
      // would otherwise wait forever and the worker take no job again: give up at the command's own
      // timeout (+100 ms), or after 30 s for one that blocks without a timeout. BullMQ then fetches again.
      return { enableOfflineQueue: true, maxRetriesPerRequest: null, blockingTimeout: 30_000 };
    case 'subscriber':
      return { enableOfflineQueue: true, maxRetriesPerRequest: null };
    case 'command':
      return { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 3_000, retryStrategy: () => null };
  }
};

/** TLS for `rediss://`: the system's CAs, or only the one in REDIS_TLS_CA_FILE (read once per connection, at start). */
const tlsOptions = (settings: RedisSettings): ConnectionOptions | undefined => (settings.tls ? (settings.tls.caFile ? { ca: readFileSync(settings.tls.caFile) } : {}) : undefined);

/**
 * The one place that decides how lps reaches Redis: one server or a cluster
 * (REDIS_CLUSTER), TLS (`rediss://`, REDIS_TLS_CA_FILE), the ACL user and
 * password of REDIS_URL. Every process, the CLI and the tests connect through
 * it, so a cluster or TLS setting holds everywhere at once.
 */
export function createRedisClient(settings: RedisSettings, role: RedisRole, name = `lps-${role}`): RedisClient {
  const { enableOfflineQueue, retryStrategy, ...perConnection } = roleOptions(role);
  const tls = tlsOptions(settings);
  const common: RedisOptions = {
    ...perConnection,
    lazyConnect: true,
    connectionName: name,
    ...(settings.username ? { username: settings.username } : {}),
    ...(settings.password ? { password: settings.password } : {}),
    ...(tls ? { tls } : {}),
  };
  if (!settings.cluster) {
    const [node] = settings.nodes;
    return new Redis({ ...common, host: node?.host, port: node?.port, db: settings.db, enableOfflineQueue, ...(retryStrategy ? { retryStrategy } : {}) });
  }
  const { enableAutoPipelining, ...redisOptions } = common;
  const options: ClusterOptions = {
    lazyConnect: true,
    enableOfflineQueue,
    ...(enableAutoPipelining ? { enableAutoPipelining } : {}),
    redisOptions,
    // A node that fails over answers MOVED/TRYAGAIN for a moment: retry the command, do not fail it.
    retryDelayOnFailover: 200,
    retryDelayOnTryAgain: 200,
    retryDelayOnClusterDown: 300,
    ...(role === 'command' ? { clusterRetryStrategy: () => null } : {}),
    // With TLS the certificate names the host, not its address: connect by the name the cluster
    // announces (what ioredis documents for ElastiCache and Memorystore with in-transit encryption).
    ...(tls ? { dnsLookup: (address: string, callback: (error: Error | null, address: string) => void) => callback(null, address) } : {}),
  };
  return new Cluster(settings.nodes, options);
}

/**
 * `createRedisClient`, connected: its first connection fails loudly rather than in the
 * first command, and with the server's reason (WRONGPASS, a certificate refused) rather
 * than ioredis's "Connection is closed".
 */
export async function connectRedis(settings: RedisSettings, role: RedisRole, name?: string): Promise<RedisClient> {
  const client = createRedisClient(settings, role, name);
  let reason: Error | undefined;
  const remember = (error: Error) => (reason = error);
  client.on('error', remember);
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw reason ?? error;
  } finally {
    client.off('error', remember);
  }
  return client;
}

export const isCluster = (client: RedisClient): client is Cluster => (client as { isCluster?: boolean }).isCluster === true;

/** Cluster-safe BullMQ prefix: the hash tag keeps every key of our queues in one slot. */
export const bullPrefix = (prefix: string): string => `{${prefix}}`;
