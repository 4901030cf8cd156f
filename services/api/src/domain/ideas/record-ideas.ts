import type { IdeaDraft } from '@lps/ai';
import { unprocessable } from '@lps/common';
import { appendOutboxEvent, ideaToWire, inTransaction, insertIdeas, makeRoomForIdeas, MAX_IDEAS_PER_MEMBER, type WireIdea } from '@lps/db';
import { type Runtime } from '@lps/runtime';

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
export async function recordGeneratedIdeas(runtime: Runtime, memberId: string, drafts: IdeaDraft[]): Promise<WireIdea[]> {
  if (drafts.length === 0) return [];
  const { ideas, outboxId } = await inTransaction(runtime.db, async (tx) => {
    const room = await makeRoomForIdeas(tx, memberId, drafts.length);
    if (room === 0) throw ideasFull();
    const created = (
      await insertIdeas(
        tx,
        memberId,
        drafts.slice(0, room).map((draft) => ({ ...draft, source: 'generated' as const })),
      )
    ).map(ideaToWire);
    const event = await appendOutboxEvent(tx, { memberId, type: 'idea.created', data: { ideas: created } });
    return { ideas: created, outboxId: event.id };
  });
  await runtime.announceEvents([outboxId]);
  return ideas;
}
