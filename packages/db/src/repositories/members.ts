import type { DbOrTx } from '../client.js';

export interface NewMember {
  displayName: string;
  headline?: string | null;
  companyName?: string | null;
}

export const memberWithConnection = { networkConnection: true } as const;

/**
 * Creates a member. In sandbox mode the simulated network connects the member at
 * once (docs/api.md); with the real network they start unconnected.
 */
export function createMember(db: DbOrTx, member: NewMember, network: 'sandbox' | 'linkedin') {
  return db.member.create({
    data: {
      displayName: member.displayName,
      headline: member.headline ?? null,
      companyName: member.companyName ?? null,
      ...(network === 'sandbox' ? { networkConnection: { create: { provider: 'sandbox', connectedAt: new Date() } } } : {}),
    },
    include: memberWithConnection,
  });
}

export const findMember = (db: DbOrTx, id: string) => db.member.findUnique({ where: { id }, include: memberWithConnection });

/** Only what prompts need (name, headline, company): one statement, no relations. */
export const findMemberProfile = (db: DbOrTx, id: string) => db.member.findUnique({ where: { id }, select: { displayName: true, headline: true, companyName: true } });

export const listMembers = (db: DbOrTx) => db.member.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], include: memberWithConnection });
