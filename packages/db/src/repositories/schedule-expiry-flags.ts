import type { DbOrTx } from '../client.js';
import { reconnectDeadline } from '../wire/member.js';

/** Every flag starts so: a later round (or a reconnection) recognises its own flags and clears them. */
export const SCHEDULED_PAST_RECONNECT = 'scheduled after the LinkedIn connection ends';

const flagText = (deadline: Date) => `${SCHEDULED_PAST_RECONNECT} (${deadline.toISOString()}): it will fail unless the member reconnects first (lps member connect <member-id>)`;

/**
 * Marks scheduled posts whose time lies after their member's LinkedIn connection ends
 * (reconnectDeadline) with a `last_error` naming that end, weeks before the day instead of
 * failing on it; clears the mark once the connection reaches past the post again. Returns
 * the posts newly marked. `memberId` limits the round to one member (after a reconnection).
 */
export async function flagPostsScheduledPastReconnect(db: DbOrTx, memberId?: string): Promise<{ id: string; memberId: string; deadline: Date }[]> {
  const connections = await db.networkConnection.findMany({
    where: { provider: 'linkedin', connectedAt: { not: null }, disconnectedAt: null, ...(memberId ? { memberId } : {}) },
  });
  const flagged: { id: string; memberId: string; deadline: Date }[] = [];
  for (const connection of connections) {
    const deadline = reconnectDeadline(connection);
    if (!deadline) continue;
    // A post in flight is left alone: any write would make its publication's commit see a change (decision 0005).
    const scheduled = { memberId: connection.memberId, status: 'scheduled' as const, publishRequestedAt: null };
    await db.post.updateMany({
      where: { ...scheduled, scheduledAt: { lte: deadline }, lastError: { startsWith: SCHEDULED_PAST_RECONNECT } },
      data: { lastError: null },
    });
    const text = flagText(deadline);
    const late = await db.post.findMany({
      where: { ...scheduled, scheduledAt: { gt: deadline }, OR: [{ lastError: null }, { lastError: { startsWith: SCHEDULED_PAST_RECONNECT, not: text } }] },
      select: { id: true },
    });
    if (late.length === 0) continue;
    await db.post.updateMany({ where: { ...scheduled, id: { in: late.map((post) => post.id) } }, data: { lastError: text } });
    flagged.push(...late.map((post) => ({ id: post.id, memberId: connection.memberId, deadline })));
  }
  return flagged;
}

/** How many scheduled posts of each member carry that flag (`lps member connections`). */
export async function countFlaggedScheduledPosts(db: DbOrTx): Promise<Map<string, number>> {
  const late = await db.post.groupBy({ by: ['memberId'], where: { status: 'scheduled', lastError: { startsWith: SCHEDULED_PAST_RECONNECT } }, _count: true });
  return new Map(late.map((entry) => [entry.memberId, entry._count]));
}
