import type { Redis } from 'ioredis';
import type { Config } from '@lps/config';
import { Keyring } from '@lps/crypto';
import { createDb, createPublishPathStatements, createSqlPool, type Db, type PublishPathStatements, type SqlPool } from '@lps/db';
import { createLogger, type Logger } from '@lps/logger';
import { createMetrics, type Metrics } from '@lps/metrics';
import { closeQueues, connectRedis, createQueues, type Queues } from '@lps/queue';

/** Everything a process needs, built once from the configuration and closed once. */
export interface Runtime {
  config: Config;
  logger: Logger;
  db: Db;
  /** The connections under `db`, for plain SQL on hot paths. */
  sql: SqlPool;
  /** The publish path's statements on `sql`, group-committed across concurrent callers (decision 0008). */
  publishPath: PublishPathStatements;
  /** Producer connection: fails fast when Redis is down (enqueue, rate limits). */
  redis: Redis;
  queues: Queues;
  keyring: Keyring;
  /** Prometheus metrics of this process (one registry per runtime). */
  metrics: Metrics;
  /** A new blocking connection for a BullMQ worker; closed with the runtime. */
  workerConnection(): Promise<Redis>;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  service: string;
  logger?: Logger;
}

export async function createRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  const logger = options.logger ?? createLogger({ service: options.service, level: config.log.level, format: config.log.format });
  if (config.security.encryptionKeyIsDevelopmentDefault && config.nodeEnv !== 'test') {
    logger.warn('LPS_ENCRYPTION_KEY is not set: using the development key. Set it before storing real secrets.');
  }
  const sql = createSqlPool(config.database.url);
  // pg emits an idle connection's death (a restart, a DBA's terminate) on the pool; unhandled,
  // that 'error' event would end the process. The pool drops that connection and opens a new one.
  sql.on('error', (error) => logger.warn('an idle database connection was closed by the server', { error: error.message }));
  const db = createDb(config.database.url, { pool: sql });
  const redis = await connectRedis(config.redis.url, 'producer');
  const queues = createQueues(redis, config.redis.prefix);
  const keyring = new Keyring(config.security.encryptionKey, config.security.previousEncryptionKeys);
  const metrics = createMetrics(options.service);
  metrics.watchQueues(queues);
  const workerConnections: Redis[] = [];
  let closed = false;

  return {
    config,
    logger,
    db,
    sql,
    publishPath: createPublishPathStatements(sql),
    redis,
    queues,
    keyring,
    metrics,
    async workerConnection() {
      const connection = await connectRedis(config.redis.url, 'worker');
      workerConnections.push(connection);
      return connection;
    },
    async close() {
      if (closed) return;
      closed = true;
      await closeQueues(queues);
      await Promise.allSettled(workerConnections.map((connection) => connection.quit()));
      await redis.quit().catch(() => redis.disconnect());
      await db.$disconnect();
      await sql.end();
    },
  };
}
