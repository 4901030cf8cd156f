import { ideaToWire } from '@lps/db';
import type { Needs } from '../deps.js';
import { getOwnedIdea } from './find-idea.js';

/** POST /ideas/{id}/dismiss: any state → dismissed (the spec's table). */
export async function dismissIdea({ repos }: Needs<'findOwnedIdea' | 'updateIdea'>, memberId: string, id: string) {
  await getOwnedIdea({ repos }, memberId, id);
  return { idea: ideaToWire(await repos.updateIdea(id, { status: 'dismissed' })) };
}
