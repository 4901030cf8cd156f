import { notFound } from '@lps/common';
import { memberToWire, readMember } from '@lps/db';
import type { UseCaseDeps } from '../deps.js';

/** GET /me: always the wrapped form (docs/api.md). */
export async function getMe({ runtime }: UseCaseDeps, memberId: string) {
  const member = await readMember(runtime.sql, memberId);
  if (!member) throw notFound('member');
  return { member: memberToWire(member, runtime.config.network.mode) };
}
