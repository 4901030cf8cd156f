import type { Needs } from '@lps/api';

export interface SignInPerson {
  provider: 'linkedin' | 'sandbox';
  subject: string;
  name: string | null;
}

/**
 * The member a person signs in as. Known identity: that member. A LinkedIn person not yet known but
 * connected to exactly one member by the operator's connect link (before sign-in existed): that member,
 * bound from now on. Otherwise a new member — only when `mayJoin` (LPS_SIGNUP=open, or the sandbox) —
 * made under a lock on the identity, so two first sign-ins at once make one member.
 */
export async function memberForIdentity(
  { repos, config }: Needs<'findMemberByIdentity' | 'membersConnectedAs' | 'bindIdentity' | 'transaction', 'config'>,
  person: SignInPerson,
  mayJoin: boolean,
): Promise<{ memberId: string; created: boolean } | null> {
  const known = await repos.findMemberByIdentity(person.provider, person.subject);
  if (known) return { memberId: known, created: false };
  if (person.provider === 'linkedin') {
    const connected = await repos.membersConnectedAs(`urn:li:person:${person.subject}`);
    if (connected.length === 1) return { memberId: await repos.bindIdentity(person.provider, person.subject, connected[0] as string), created: false };
  }
  if (!mayJoin) return null;
  return repos.transaction(async (tx) => {
    await tx.lockMemberScope('identity', `${person.provider}:${person.subject}`);
    const raced = await tx.findMemberByIdentity(person.provider, person.subject);
    if (raced) return { memberId: raced, created: false };
    const member = await tx.createMember({ displayName: person.name ?? 'New member' }, config.network.mode);
    await tx.bindIdentity(person.provider, person.subject, member.id);
    return { memberId: member.id, created: true };
  });
}
