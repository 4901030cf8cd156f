import type { DbOrTx } from '../../client.js';
import { memberScopeKey } from '../../member-scope-key.js';

/**
 * Serialises, until the transaction ends, every transaction taking the same
 * (scope, member) lock: a count-then-insert under it cannot be raced.
 */
export const lockMemberScope = async (tx: DbOrTx, scope: string, memberId: string): Promise<void> => {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${memberScopeKey(scope, memberId)}, 0))`;
};
