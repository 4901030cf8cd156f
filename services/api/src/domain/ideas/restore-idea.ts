import { conflict } from '@lps/common';
import { ideaToWire, type IdeaStatus } from '@lps/db';
import type { Needs } from '../deps.js';
import { getOwnedIdea } from './find-idea.js';

/** POST /ideas/{id}/restore: dismissed → new, or used when a post was already made from it (docs/api.md). */
export async function restoreIdea({ repos }: Needs<'findOwnedIdea' | 'updateIdea'>, memberId: string, id: string) {
  const idea = await getOwnedIdea({ repos }, memberId, id);
  if (idea.status !== 'dismissed') throw conflict(`only a dismissed idea can be restored; this one is ${idea.status}`);
  const status: IdeaStatus = idea.postId ? 'used' : 'new';
  return { idea: ideaToWire(await repos.updateIdea(id, { status })) };
}
