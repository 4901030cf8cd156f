import type { DbOrTx } from '../client.js';

/** member_identities: who signs in as which member (LinkedIn's OIDC `sub`, the sandbox's names). */

export const findMemberByIdentity = async (db: DbOrTx, provider: 'linkedin' | 'sandbox', subject: string): Promise<string | null> =>
  (await db.memberIdentity.findUnique({ where: { provider_subject: { provider, subject } }, select: { memberId: true } }))?.memberId ?? null;

/**
 * Binds an identity to a member. Two sign-ins of a new person at the same moment race on the unique
 * key: the loser finds the winner's member (and leaves its own unused member to the caller's transaction).
 */
export async function bindIdentity(db: DbOrTx, provider: 'linkedin' | 'sandbox', subject: string, memberId: string): Promise<string> {
  const row = await db.memberIdentity.upsert({
    where: { provider_subject: { provider, subject } },
    create: { provider, subject, memberId },
    update: {},
    select: { memberId: true },
  });
  return row.memberId;
}

/** Members whose LinkedIn connection is bound to this person (`urn:li:person:{sub}`), made before sign-in existed. */
export const membersConnectedAs = async (db: DbOrTx, personUrn: string): Promise<string[]> =>
  (await db.networkConnection.findMany({ where: { provider: 'linkedin', personUrn }, select: { memberId: true }, take: 2 })).map((row) => row.memberId);
