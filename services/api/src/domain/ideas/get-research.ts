import { notFound } from '@lps/common';
import type { Needs } from '../deps.js';

/**
 * GET /ideas/research/{research_id}: where a keyword's research stands — pending (queued), running,
 * completed (with the ideas it made, in the order made) or failed (with why) — for a page that
 * shows progress until its ideas arrive. Another member's research is 404.
 */
export async function getResearch({ repos }: Needs<'findOwnedResearch'>, memberId: string, id: string) {
  const found = await repos.findOwnedResearch(memberId, id);
  if (!found) throw notFound('research');
  const { request, ideaIds } = found;
  return {
    research: {
      id: request.id,
      keyword: request.keyword,
      status: request.status,
      // A completed run that stored fewer ideas than it found notes it too (the worker's shortfall note).
      error: request.lastError,
      idea_ids: ideaIds,
      created_at: request.createdAt.toISOString(),
      completed_at: request.completedAt?.toISOString() ?? null,
    },
  };
}
