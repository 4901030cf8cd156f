import { conflict, notFound } from '@lps/common';
import { findOwnedIdea, ideaToWire, readIdeas, updateIdea, type DbOrTx, type IdeaStatus } from '@lps/db';
import type { UseCaseDeps } from '../deps.js';

export async function getOwnedIdea(db: DbOrTx, memberId: string, id: string) {
  const idea = await findOwnedIdea(db, memberId, id);
  if (!idea) throw notFound('idea');
  return idea;
}

export async function listIdeas({ runtime }: UseCaseDeps, memberId: string, status?: IdeaStatus) {
  return { data: (await readIdeas(runtime.sql, memberId, status)).map(ideaToWire) };
}

export async function editIdea({ runtime }: UseCaseDeps, memberId: string, id: string, changes: { title?: string; angle?: string | null }) {
  await getOwnedIdea(runtime.db, memberId, id);
  const data = {
    ...(changes.title !== undefined ? { title: changes.title } : {}),
    ...(changes.angle !== undefined ? { angle: changes.angle === '' ? null : changes.angle } : {}),
  };
  return { idea: ideaToWire(await updateIdea(runtime.db, id, data)) };
}

/** Any state → dismissed (the spec's table). */
export async function dismissIdea({ runtime }: UseCaseDeps, memberId: string, id: string) {
  await getOwnedIdea(runtime.db, memberId, id);
  return { idea: ideaToWire(await updateIdea(runtime.db, id, { status: 'dismissed' })) };
}

/** dismissed → new, or used when a post was already made from it (docs/api.md). */
export async function restoreIdea({ runtime }: UseCaseDeps, memberId: string, id: string) {
  const idea = await getOwnedIdea(runtime.db, memberId, id);
  if (idea.status !== 'dismissed') throw conflict(`only a dismissed idea can be restored; this one is ${idea.status}`);
  const status: IdeaStatus = idea.postId ? 'used' : 'new';
  return { idea: ideaToWire(await updateIdea(runtime.db, id, { status })) };
}
