import type { IdeaDraft } from '@lps/ai';
import { appendOutboxEvent, ideaToWire, inTransaction, insertIdeas, type WireIdea } from '@lps/db';
import { announceEvents, type Runtime } from '@lps/runtime';

/**
 * Stores one run's ideas and its single idea.created event in one transaction,
 * then asks the dispatcher to relay the event. A run that created nothing
 * announces nothing.
 */
export async function recordGeneratedIdeas(runtime: Runtime, memberId: string, drafts: IdeaDraft[]): Promise<WireIdea[]> {
  if (drafts.length === 0) return [];
  const { ideas, outboxId } = await inTransaction(runtime.db, async (tx) => {
    const created = (await insertIdeas(tx, memberId, drafts.map((draft) => ({ ...draft, source: 'generated' as const })))).map(ideaToWire);
    const event = await appendOutboxEvent(tx, { memberId, type: 'idea.created', data: { ideas: created } });
    return { ideas: created, outboxId: event.id };
  });
  await announceEvents(runtime, [outboxId]);
  return ideas;
}
