import { notFound } from '@lps/common';
import type { Needs } from '../deps.js';

/** The caller's idea; another member's is indistinguishable from a missing one (404). */
export async function getOwnedIdea({ repos }: Needs<'findOwnedIdea'>, memberId: string, id: string) {
  const idea = await repos.findOwnedIdea(memberId, id);
  if (!idea) throw notFound('idea');
  return idea;
}
