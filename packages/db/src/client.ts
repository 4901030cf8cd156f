import { PrismaPg } from '@prisma/adapter-pg';
import { parse } from 'pg-connection-string';
import { PrismaClient, type Prisma } from './generated/prisma/client.js';

export type Db = PrismaClient;
/** Either the client or a transaction: repositories accept both. */
export type DbOrTx = PrismaClient | Prisma.TransactionClient;

export interface DbOptions {
  /** Connections in this process's pool. */
  poolSize?: number;
}

export function createDb(databaseUrl: string, options: DbOptions = {}): Db {
  const c = parse(databaseUrl);
  const adapter = new PrismaPg({
    host: c.host ?? '127.0.0.1',
    port: Number(c.port ?? 5432),
    user: c.user,
    password: c.password,
    database: c.database ?? 'lps',
    max: options.poolSize ?? 10,
    ssl: c.ssl ? { rejectUnauthorized: false } : undefined,
  });
  return new PrismaClient({ adapter });
}

/** Runs `fn` in one transaction: the state change and its outbox row commit together or not at all. */
export const inTransaction = <T>(db: Db, fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> =>
  db.$transaction(fn, { maxWait: 5_000, timeout: 15_000 });
