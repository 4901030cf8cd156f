import { generateApiKey } from '@lps/crypto';
import { createMember, insertApiKey, type Db, type NewMember } from '@lps/db';

/** A sandbox member with an API key, as every benchmark needs one. */
export async function createBenchMember(db: Db, profile: NewMember = { displayName: 'Bench Member' }): Promise<{ memberId: string; apiKey: string; auth: string }> {
  const member = await createMember(db, profile, 'sandbox');
  const key = generateApiKey();
  await insertApiKey(db, { memberId: member.id, keyHash: key.keyHash, last4: key.last4 });
  return { memberId: member.id, apiKey: key.apiKey, auth: `Bearer ${key.apiKey}` };
}
