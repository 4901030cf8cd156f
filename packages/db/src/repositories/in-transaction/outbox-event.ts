import { currentTraceMetadata } from '@lps/telemetry';
import type { Prisma } from '../../generated/prisma/client.js';
import type { NewOutboxEvent } from '../../outbox.js';

/**
 * Records an event inside the caller's transaction. The webhook dispatcher's relay
 * turns it into deliveries; writing it here, with the state change, is what makes
 * "changed but never announced" impossible. With tracing on, the row keeps the
 * trace it was written in, and the relay hands it to the event's delivery jobs.
 */
export async function appendOutboxEvent(tx: Prisma.TransactionClient, event: NewOutboxEvent): Promise<{ id: string }> {
  return tx.outboxEvent.create({
    data: { memberId: event.memberId, type: event.type, payload: event.data, traceContext: currentTraceMetadata() ?? null },
    select: { id: true },
  });
}
