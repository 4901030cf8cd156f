import { inTransaction, type Db, type SqlPool } from '../client.js';
import * as inPrismaTransaction from '../repositories/in-transaction/index.js';
import * as onPrisma from '../repositories/index.js';
import * as ownPrismaTransaction from '../repositories/own-transaction/index.js';
import * as onSql from '../sql/index.js';
import type { PublishPathStatements } from '../sql/publish-path/batched-statements.js';
import { bindClient, type BoundTo } from './bind-client.js';

// Which client each repository function runs on is said by the folder it lives in, and each
// folder's index.ts is its list: a use case calls `repos.insertPost(…)` and never picks Prisma or
// plain SQL (decision 0025). A new repository function is exported from the index of its folder:
//   repositories/                 Prisma, on the client or inside a caller's transaction (`DbOrTx`)
//   repositories/in-transaction/  Prisma, only inside a caller's transaction: its writes commit with the caller's
//   repositories/own-transaction/ Prisma, opening a transaction of its own (`Db`), so never inside a caller's
//   sql/                          plain SQL on the pool (decision 0008: the hot paths and the API's frequent reads)

export type TransactionRepositories = BoundTo<typeof onPrisma> & BoundTo<typeof inPrismaTransaction>;

/** The database as use cases see it: every repository function, its client bound. */
export type Repositories = BoundTo<typeof onPrisma> &
  BoundTo<typeof ownPrismaTransaction> &
  BoundTo<typeof onSql> &
  PublishPathStatements & {
    /** Runs `work` in one transaction: what it writes commits together, or nothing does. */
    transaction<T>(work: (tx: TransactionRepositories) => Promise<T>): Promise<T>;
  };

export interface DatabaseClients {
  db: Db;
  sql: SqlPool;
  /** The publish path's group-committed statements (one set per process). */
  publishPathStatements: PublishPathStatements;
}

export function createRepositories({ db, sql, publishPathStatements }: DatabaseClients): Repositories {
  return {
    ...bindClient(db, onPrisma),
    ...bindClient(db, ownPrismaTransaction),
    ...bindClient(sql, onSql),
    ...publishPathStatements,
    transaction: (work) => inTransaction(db, (tx) => work({ ...bindClient(tx, onPrisma), ...bindClient(tx, inPrismaTransaction) })),
  };
}
