import type { IdeaDraft } from '@lps/ai';
import { ideaToWire, MAX_IDEAS_PER_MEMBER, type Repositories } from '@lps/db';

export interface StoredResearch {
  ideaCount: number;
  /** The idea.created event, or null when the run produced no idea (nothing to announce). */
  outboxId: string | null;
}

/**
 * Completes a research request: marks it completed, stores its ideas and one
 * idea.created event, in one transaction. Marking comes first and only from a
 * non-completed state, so of two runs of the same request (a retry, a duplicate
 * job) the second waits on the row lock, finds it completed and stores nothing.
 * Returns null for that second run.
 */
export async function storeResearchIdeas(repos: Pick<Repositories, 'transaction'>, request: { id: string; memberId: string }, drafts: IdeaDraft[]): Promise<StoredResearch | null> {
  return repos.transaction(async (tx) => {
    if (!(await tx.claimResearchRequestCompletion(request.id))) return null;
    const room = await tx.makeRoomForIdeas(request.memberId, drafts.length);
    if (room < drafts.length) {
      // The member is at the idea cap: what does not fit is dropped, and the request says so.
      await tx.noteResearchShortfall(request.id, `${drafts.length - room} ideas not stored: a member keeps at most ${MAX_IDEAS_PER_MEMBER}`);
    }
    const ideas = await tx.insertIdeas(
      request.memberId,
      drafts.slice(0, room).map((draft) => ({ ...draft, source: 'research' as const, researchRequestId: request.id })),
    );
    if (ideas.length === 0) return { ideaCount: 0, outboxId: null };
    const event = await tx.appendOutboxEvent({ memberId: request.memberId, type: 'idea.created', data: { ideas: ideas.map(ideaToWire) } });
    return { ideaCount: ideas.length, outboxId: event.id };
  });
}
