import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { parse } from 'pg-connection-string';
import { PrismaClient, type Prisma } from './generated/prisma/client.js';

export type Db = PrismaClient;
/** Either the client or a transaction: repositories accept both. */
export type DbOrTx = PrismaClient | Prisma.TransactionClient;
/**
 * Plain SQL on the same connections Prisma uses. Hot paths (publishing, webhook
 * delivery) use it: a Prisma call costs several times the CPU of the same
 * statement through pg (docs/decisions/0008 has the measurements).
 */
export type SqlPool = pg.Pool;
/** A pool or one checked-out connection (inside a transaction). */
export type Sql = pg.Pool | pg.PoolClient;

export interface DbOptions {
  /** Connections in this process's pool. */
  poolSize?: number;
}

function poolConfig(databaseUrl: string, options: DbOptions): pg.PoolConfig {
  const c = parse(databaseUrl);
  return {
    host: c.host ?? '127.0.0.1',
    port: Number(c.port ?? 5432),
    user: c.user,
    password: c.password ?? undefined,
    database: c.database ?? 'lps',
    max: options.poolSize ?? 10,
    // A server that stopped answering (not refusing) must not hold a request forever: the API answers 503.
    connectionTimeoutMillis: 5_000,
    ssl: c.ssl ? { rejectUnauthorized: false } : undefined,
  };
}

export const createSqlPool = (databaseUrl: string, options: DbOptions = {}): SqlPool => new pg.Pool(poolConfig(databaseUrl, options));

/**
 * A Prisma client. Given `pool`, it runs on those connections and the caller ends
 * the pool after `$disconnect()`; otherwise Prisma owns a pool of its own.
 */
export function createDb(databaseUrl: string, options: DbOptions & { pool?: SqlPool } = {}): Db {
  const adapter = new PrismaPg(options.pool ?? poolConfig(databaseUrl, options));
  return new PrismaClient({ adapter });
}

/** Runs `fn` in one transaction: the state change and its outbox row commit together or not at all. */
export const inTransaction = <T>(db: Db, fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> => db.$transaction(fn, { maxWait: 5_000, timeout: 15_000 });

/** The plain-SQL counterpart of `inTransaction`: BEGIN … COMMIT on one connection, ROLLBACK on any error. */
export async function inSqlTransaction<T>(pool: SqlPool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
