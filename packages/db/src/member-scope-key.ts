/**
 * The key of a (scope, member) advisory lock. One function for both clients, so a lock taken
 * through Prisma and one taken on a plain-SQL connection are the same lock and serialise each other.
 */
export const memberScopeKey = (scope: string, memberId: string): string => `${scope}:${memberId}`;
