import { ideaToWire } from '@lps/db';
import type { Needs } from '../deps.js';
import { getOwnedIdea } from './find-idea.js';

/** PATCH /ideas/{id}: the title and angle given ("" clears the angle). */
export async function editIdea({ repos }: Needs<'findOwnedIdea' | 'updateIdea'>, memberId: string, id: string, changes: { title?: string; angle?: string | null }) {
  await getOwnedIdea({ repos }, memberId, id);
  const data = {
    ...(changes.title !== undefined ? { title: changes.title } : {}),
    ...(changes.angle !== undefined ? { angle: changes.angle === '' ? null : changes.angle } : {}),
  };
  return { idea: ideaToWire(await repos.updateIdea(id, data)) };
}
