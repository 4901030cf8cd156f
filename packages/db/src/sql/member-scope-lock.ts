import type pg from 'pg';
import { memberScopeKey } from '../member-scope-key.js';

/** `lockMemberScope` on a plain-SQL connection inside `inSqlTransaction`: the same lock, so either side serialises with the other. */
export const lockMemberScopeSql = async (client: pg.PoolClient, scope: string, memberId: string): Promise<void> => {
  await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [memberScopeKey(scope, memberId)]);
};
