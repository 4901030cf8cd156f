import type { QueryResultRow } from 'pg';
import type { Sql } from '../client.js';

/**
 * Runs a named prepared statement: pg prepares it on first use per connection, then
 * only binds and executes, so PostgreSQL parses and plans it once (docs/decisions/0008).
 */
export const runPrepared = <R extends QueryResultRow>(sql: Sql, name: string, text: string, values: unknown[]) => sql.query<R>({ name, text, values });
