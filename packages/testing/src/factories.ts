import { generateApiKey } from '@lps/crypto';
import { createMember, insertApiKey, insertIdeas, insertPost, type Prisma } from '@lps/db';
import type { Runtime } from '@lps/runtime';

export interface TestMember {
  memberId: string;
  apiKey: string;
  keyId: string;
  /** `Authorization` header value for this member. */
  auth: string;
}

let counter = 0;

export async function createTestMember(runtime: Runtime, overrides: { displayName?: string; headline?: string | null; companyName?: string | null } = {}): Promise<TestMember> {
  counter += 1;
  const member = await createMember(
    runtime.db,
    {
      displayName: overrides.displayName ?? `Test Member ${counter}`,
      headline: overrides.headline === undefined ? 'Staff engineer' : overrides.headline,
      companyName: overrides.companyName === undefined ? 'Acme' : overrides.companyName,
    },
    runtime.config.network.mode,
  );
  const key = generateApiKey();
  const stored = await insertApiKey(runtime.db, { memberId: member.id, keyHash: key.keyHash, last4: key.last4 });
  return { memberId: member.id, apiKey: key.apiKey, keyId: stored.id, auth: `Bearer ${key.apiKey}` };
}

export const createTestPost = (runtime: Runtime, memberId: string, overrides: Partial<Prisma.PostUncheckedCreateInput> = {}) =>
  insertPost(runtime.db, {
    memberId,
    status: 'draft_saved',
    idea: 'How we cut our deploy time in half',
    body: 'We cut our deploy time in half.\n\nHere is how.',
    ...overrides,
  });

export async function createTestIdea(runtime: Runtime, memberId: string, overrides: { title?: string; angle?: string | null; source?: 'generated' | 'research' | 'manual' } = {}) {
  const [idea] = await insertIdeas(runtime.db, memberId, [
    { title: overrides.title ?? 'Why small pull requests win', angle: overrides.angle ?? 'Numbers from our team', source: overrides.source ?? 'manual' },
  ]);
  if (!idea) throw new Error('idea was not created');
  return idea;
}
