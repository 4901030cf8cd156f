import { notFound } from '@lps/common';
import { memberToWire } from '@lps/db';
import type { Needs } from '../deps.js';

/** GET /me: always the wrapped form (docs/api.md). */
export async function getMe({ repos, config }: Needs<'readMember', 'config'>, memberId: string) {
  const member = await repos.readMember(memberId);
  if (!member) throw notFound('member');
  return { member: memberToWire(member, config.network.mode) };
}
