import { conflict, notFound } from '@lps/common';
import { ideaToWire, type IdeaStatus } from '@lps/db';
import type { Needs } from '../deps.js';

export async function getOwnedIdea({ repos }: Needs<'findOwnedIdea'>, memberId: string, id: string) {
  const idea = await repos.findOwnedIdea(memberId, id);
  if (!idea) throw notFound('idea');
  return idea;
}

export async function listIdeas({ repos }: Needs<'readIdeas'>, memberId: string, status?: IdeaStatus) {
  return { data: (await repos.readIdeas(memberId, status)).map(ideaToWire) };
}

export async function editIdea({ repos }: Needs<'findOwnedIdea' | 'updateIdea'>, memberId: string, id: string, changes: { title?: string; angle?: string | null }) {
  await getOwnedIdea({ repos }, memberId, id);
  const data = {
    ...(changes.title !== undefined ? { title: changes.title } : {}),
    ...(changes.angle !== undefined ? { angle: changes.angle === '' ? null : changes.angle } : {}),
  };
  return { idea: ideaToWire(await repos.updateIdea(id, data)) };
}

/** Any state → dismissed (the spec's table). */
export async function dismissIdea({ repos }: Needs<'findOwnedIdea' | 'updateIdea'>, memberId: string, id: string) {
  await getOwnedIdea({ repos }, memberId, id);
  return { idea: ideaToWire(await repos.updateIdea(id, { status: 'dismissed' })) };
}

/** dismissed → new, or used when a post was already made from it (docs/api.md). */
export async function restoreIdea({ repos }: Needs<'findOwnedIdea' | 'updateIdea'>, memberId: string, id: string) {
  const idea = await getOwnedIdea({ repos }, memberId, id);
  if (idea.status !== 'dismissed') throw conflict(`only a dismissed idea can be restored; this one is ${idea.status}`);
  const status: IdeaStatus = idea.postId ? 'used' : 'new';
  return { idea: ideaToWire(await repos.updateIdea(id, { status })) };
}
