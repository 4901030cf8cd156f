import { developmentKeyPath, type Config } from '@lps/config';
import { Keyring } from '@lps/crypto';
import {
  createDb,
  createPublishPathStatements,
  createRepositories,
  createSqlPool,
  pingDatabase,
  type Db,
  type PublishPathStatements,
  type Repositories,
  type SqlPool,
} from '@lps/db';
import { createLogger, type Logger } from '@lps/logger';
import { createEventAnnouncer, type AnnounceEvents } from './announce-events.js';
import { createMetrics, type Metrics } from '@lps/metrics';
import { assertQueueConnected, closeQueues, connectRedis, createJobCalls, createQueues, type JobCalls, type Queues, type RedisClient } from '@lps/queue';

/** Everything a process needs, built once from the configuration and closed once. */
export interface Runtime {
  config: Config;
  logger: Logger;
  db: Db;
  /** The connections under `db`, for plain SQL on hot paths. */
  sql: SqlPool;
  /** The publish path's statements on `sql`, group-committed across concurrent callers (decision 0008). */
  publishPathStatements: PublishPathStatements;
  /** Every repository function with its client bound: what use cases are given (decision 0025). */
  repositories: Repositories;
  /** Call after a commit that appended outbox events: the dispatcher relays them now (best effort; its sweeper is the net). */
  announceEvents: AnnounceEvents;
  /** Producer connection: fails fast when Redis is down (enqueue, rate limits). */
  redis: RedisClient;
  queues: Queues;
  /** Jobs whose answer a request waits for (decision 0006): one QueueEvents per queue, opened on the first call. */
  calls: JobCalls;
  keyring: Keyring;
  /** Prometheus metrics of this process (one registry per runtime). */
  metrics: Metrics;
  /** A new blocking connection for a BullMQ worker; closed with the runtime. */
  workerConnection(): Promise<RedisClient>;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  service: string;
  logger?: Logger;
}

export async function createRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  const logger = options.logger ?? createLogger({ service: options.service, level: config.log.level, format: config.log.format });
  if (config.security.encryptionKeyIsDevelopmentDefault && config.nodeEnv !== 'test') {
    logger.warn(`LPS_ENCRYPTION_KEY is not set: using the key generated in ${developmentKeyPath(config.storage.dataDir)}. Set LPS_ENCRYPTION_KEY before storing real secrets.`);
  }
  const sql = createSqlPool(config.database.url);
  // pg emits an idle connection's death (a restart, a DBA's terminate) on the pool; unhandled,
  // that 'error' event would end the process. The pool drops that connection and opens a new one.
  sql.on('error', (error) => logger.warn('an idle database connection was closed by the server', { error: error.message }));
  const db = createDb(config.database.url, { pool: sql });
  const redis = await connectRedis(config.redis, 'producer');
  const queues = createQueues(redis, config.redis.prefix);
  const keyring = new Keyring(config.security.encryptionKey, config.security.previousEncryptionKeys);
  const metrics = createMetrics(options.service);
  // Read at scrape time, only while connected (a script sent on a down producer connection never settles).
  metrics.watchQueues(
    Object.fromEntries(
      Object.entries(queues).map(([name, queue]) => [
        name,
        {
          getJobCounts: async (...states: string[]) => (assertQueueConnected(queue), queue.getJobCounts(...(states as Parameters<typeof queue.getJobCounts>))),
          async oldestWaitingSince() {
            assertQueueConnected(queue);
            // Oldest first; a delayed job has been waiting only since it came due.
            const [oldest] = await queue.getJobs(['waiting'], 0, 0, true);
            return oldest ? oldest.timestamp + (oldest.delay ?? 0) : undefined;
          },
        },
      ]),
    ),
  );
  metrics.watchDependencies({ database: () => pingDatabase(db), redis: () => redis.ping() });
  // Without a listener ioredis prints every failed reconnection to stderr; the log says it once per state change.
  let redisDown = false;
  redis.on('error', (error: Error) => {
    if (!redisDown) logger.warn('Redis is unreachable; requests that need it answer 503 until it is back', { error: error.message });
    redisDown = true;
  });
  redis.on('ready', () => {
    if (redisDown) logger.info('Redis is reachable again');
    redisDown = false;
  });
  for (const queue of Object.values(queues)) queue.on('error', () => undefined); // reported once above, from the shared connection
  const workerConnections: RedisClient[] = [];
  let closed = false;
  const workerConnection = async () => {
    const connection = await connectRedis(config.redis, 'worker');
    workerConnections.push(connection);
    return connection;
  };
  // A QueueEvents blocks on its stream read, so it needs a connection of the worker's kind.
  const calls = createJobCalls(queues, { prefix: config.redis.prefix, connect: workerConnection });

  const publishPathStatements = createPublishPathStatements(sql);

  return {
    config,
    logger,
    db,
    sql,
    publishPathStatements,
    repositories: createRepositories({ db, sql, publishPathStatements }),
    announceEvents: createEventAnnouncer(queues, logger),
    redis,
    queues,
    calls,
    keyring,
    metrics,
    workerConnection,
    async close() {
      if (closed) return;
      closed = true;
      await calls.close();
      await closeQueues(queues);
      await Promise.allSettled(workerConnections.map((connection) => connection.quit()));
      await redis.quit().catch(() => redis.disconnect());
      await db.$disconnect();
      await sql.end();
    },
  };
}
