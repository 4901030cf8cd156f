import { randomUUID } from 'node:crypto';
import { inTransaction, type Db } from '../../client.js';
import { connectionEventData, type ConnectionEventFacts, type GrantName } from '../../wire/connection-event.js';
import { analyticsGrantsEndingBy } from '../analytics-connections.js';
import { connectionsEndingBy } from '../network-connections.js';

/**
 * connection_notices and the connection.* events (decision 0019). Each event is written with
 * the state it announces in one transaction, like every other event (outbox).
 */

export interface EndingGrant {
  memberId: string;
  grant: GrantName;
  /** Names the grant: a new sign-in is a new grant. */
  connectedAt: Date;
  endsAt: Date;
}

/** Live LinkedIn grants of both apps whose end (the reconnect deadline) falls by `horizon`, passed ones included. */
export async function grantsEndingBy(db: Db, horizon: Date): Promise<EndingGrant[]> {
  const [share, analytics] = await Promise.all([connectionsEndingBy(db, horizon), analyticsGrantsEndingBy(db, horizon)]);
  return [
    ...share.filter((row) => row.expiresAt).map((row) => ({ memberId: row.memberId, grant: 'share' as const, connectedAt: row.connectedAt, endsAt: row.expiresAt as Date })),
    ...analytics.map((row) => ({ memberId: row.memberId, grant: 'analytics' as const, connectedAt: row.connectedAt, endsAt: row.endsAt })),
  ];
}

export interface DueConnectionNotice {
  grant: EndingGrant;
  kind: 'ending' | 'ended';
  /** The threshold crossed (ending); 0 for ended. */
  days: number;
}

/**
 * Sends a notice once: the unique (member, grant, kind, days, grant's connected_at) row is claimed
 * with its event in one transaction. Another publisher replica, a restart or the next round finds
 * it taken and writes nothing. The event's outbox id, or null when it was already sent.
 */
export async function recordConnectionNotice(db: Db, notice: DueConnectionNotice): Promise<string | null> {
  const { grant, kind, days } = notice;
  const facts: ConnectionEventFacts = { memberId: grant.memberId, grant: grant.grant, endsAt: grant.endsAt, ...(kind === 'ending' ? { days } : {}) };
  return inTransaction(db, async (tx) => {
    const outboxEventId = randomUUID();
    const claimed = await tx.connectionNotice.createMany({
      data: [{ memberId: grant.memberId, grant: grant.grant, kind, days, grantConnectedAt: grant.connectedAt, outboxEventId }],
      skipDuplicates: true,
    });
    if (claimed.count === 0) return null;
    await tx.outboxEvent.create({ data: { id: outboxEventId, memberId: grant.memberId, type: `connection.${kind}`, payload: connectionEventData(facts) } });
    return outboxEventId;
  });
}

/**
 * LinkedIn refused a grant's token (401, or a refused refresh): the grant is disconnected and
 * connection.revoked written in one transaction, only by the call that disconnected it, so a
 * refusal seen by several jobs at once is announced once. The event's outbox id, or null.
 */
export async function revokeGrant(db: Db, grant: GrantName, memberId: string, reason: string, now = new Date()): Promise<string | null> {
  return inTransaction(db, async (tx) => {
    const change = { where: { memberId, disconnectedAt: null }, data: { disconnectedAt: now, disconnectReason: reason } };
    const disconnected = grant === 'share' ? await tx.networkConnection.updateMany(change) : await tx.analyticsConnection.updateMany(change);
    if (disconnected.count === 0) return null;
    const event = await tx.outboxEvent.create({
      data: { memberId, type: 'connection.revoked', payload: connectionEventData({ memberId, grant, endsAt: now }) },
      select: { id: true },
    });
    return event.id;
  });
}
