import { memberProfileOf } from '@lps/ai';
import type { Needs } from './research-context.js';
import { storeResearchIdeas } from './store-research-ideas.js';

/** Search results kept per run, and ideas made from them (docs/api.md caps a run at 10). */
const NOTES_PER_RUN = 8;
const IDEAS_PER_RUN = 5;

/** The same request always gets the same seed, so a retry proposes the same ideas. */
const seedOf = (id: string): number => Number.parseInt(id.replace(/-/g, '').slice(0, 8), 16);

/**
 * One run of a research request: reload it (ids only in the payload), gather
 * notes for its keyword, ask the text provider for ideas, and store them with
 * their event. A completed request is left alone, so duplicates and retries
 * never create ideas twice. On the last attempt a failure is recorded on the row.
 */
export async function researchKeyword(
  deps: Needs<
    'findResearchRequest' | 'markResearchRequestRunning' | 'markResearchRequestFailed' | 'findMemberProfile' | 'ideaTitles' | 'transaction',
    'announceEvents' | 'textProvider' | 'research' | 'log'
  >,
  researchRequestId: string,
  attempt: { final: boolean },
): Promise<string> {
  const { repos } = deps;
  const request = await repos.findResearchRequest(researchRequestId);
  if (!request) return 'gone';
  if (request.status === 'completed') return 'already completed';
  await repos.markResearchRequestRunning(request.id);
  try {
    const member = memberProfileOf(await repos.findMemberProfile(request.memberId));
    const notes = await deps.research.gather({ query: request.keyword, member, limit: NOTES_PER_RUN });
    const avoid = (await repos.ideaTitles(request.memberId)).slice(0, 200);
    const drafts = await deps.textProvider.ideasFromResearch({
      keyword: request.keyword,
      notes,
      member,
      avoid,
      count: IDEAS_PER_RUN,
      seed: seedOf(request.id),
    });
    const stored = await storeResearchIdeas(repos, request, drafts.slice(0, IDEAS_PER_RUN));
    if (!stored) return 'already completed';
    if (stored.outboxId) await deps.announceEvents([stored.outboxId]);
    deps.log.info('research completed', { research_request_id: request.id, notes: notes.length, ideas: stored.ideaCount, provider: deps.research.name });
    return `${stored.ideaCount} ideas`;
  } catch (error) {
    if (attempt.final) await repos.markResearchRequestFailed(request.id, (error as Error).message.slice(0, 500));
    throw error;
  }
}
