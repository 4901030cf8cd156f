import type { IdeaDraft } from '@lps/ai';
import { unprocessable } from '@lps/common';
import { ideaToWire, MAX_IDEAS_PER_MEMBER, type WireIdea } from '@lps/db';
import type { Needs } from '../../deps.js';

/** 422 when a member keeps MAX_IDEAS_PER_MEMBER ideas, none of them dismissed. */
export const ideasFull = () =>
  unprocessable(`a member keeps at most ${MAX_IDEAS_PER_MEMBER.toLocaleString('en-US')} ideas; dismiss some to make room`, {
    ideas: `at most ${MAX_IDEAS_PER_MEMBER} per member (dismissed ones make room)`,
  });

/**
 * Stores one run's ideas and its single idea.created event in one transaction,
 * then asks the dispatcher to relay the event. A run that created nothing
 * announces nothing.
 */
export async function recordGeneratedIdeas({ repos, announceEvents }: Needs<'transaction', 'announceEvents'>, memberId: string, drafts: IdeaDraft[]): Promise<WireIdea[]> {
  if (drafts.length === 0) return [];
  const { ideas, outboxId } = await repos.transaction(async (tx) => {
    const room = await tx.makeRoomForIdeas(memberId, drafts.length);
    if (room === 0) throw ideasFull();
    const created = (
      await tx.insertIdeas(
        memberId,
        drafts.slice(0, room).map((draft) => ({ ...draft, source: 'generated' as const })),
      )
    ).map(ideaToWire);
    const event = await tx.appendOutboxEvent({ memberId, type: 'idea.created', data: { ideas: created } });
    return { ideas: created, outboxId: event.id };
  });
  await announceEvents([outboxId]);
  return ideas;
}
