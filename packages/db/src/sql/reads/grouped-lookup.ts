import pg from 'pg';
import type { Sql, SqlPool } from '../../client.js';
import { createCallBatcher } from '../../call-batcher.js';

/** Up to this many lookups per statement, and this many such statements in flight per pool. */
const GROUPING = { maxBatch: 100, maxInFlight: 2 };

/**
 * Lookups by key grouped into one statement per batch on a pool (decision 0012, as the
 * publish path does in 0008): a lone call goes at once, calls made while statements are
 * in flight go out together as the next one. Unlike a write's batcher, a key asked twice
 * in a batch is read once and each caller gets its own mapped copy of the row. Inside a
 * transaction (a checked-out client) each lookup is its own statement.
 */
export function groupedLookup<In, Row, Out>(options: {
  keyOf: (input: In) => string;
  /** One statement for many distinct inputs; rows carry their key in `lookup_key`. */
  runMany: (sql: Sql, inputs: In[]) => Promise<(Row & { lookup_key: string })[]>;
  map: (row: Row) => Out;
}): (sql: Sql, input: In) => Promise<Out | null> {
  const perPool = new WeakMap<SqlPool, (input: In) => Promise<Row | null>>();
  const batcherFor = (pool: SqlPool) => {
    let batcher = perPool.get(pool);
    if (!batcher) {
      batcher = createCallBatcher<In, Row | null>(async (inputs) => {
        const distinct = [...new Map(inputs.map((input) => [options.keyOf(input), input])).values()];
        const rows = new Map((await options.runMany(pool, distinct)).map((row) => [row.lookup_key, row]));
        return inputs.map((input) => rows.get(options.keyOf(input)) ?? null);
      }, GROUPING);
      perPool.set(pool, batcher);
    }
    return batcher;
  };
  return async (sql, input) => {
    const row = sql instanceof pg.Pool ? await batcherFor(sql)(input) : ((await options.runMany(sql, [input]))[0] ?? null);
    return row === null ? null : options.map(row);
  };
}
