import type { Db } from '@lps/db';
import type { AttemptOutcome } from './send-delivery.js';

/** `last_error` is for a human reading the deliveries list, not a dump of the receiver's page. */
export const LAST_ERROR_MAX = 500;
const cut = (text: string | null): string | null => (text === null ? null : text.length > LAST_ERROR_MAX ? `${text.slice(0, LAST_ERROR_MAX - 1)}…` : text);

/** A delivery with everything an attempt needs: its endpoint (url, secret, state) and its event (the body). */
export interface LoadedDelivery {
  id: string;
  status: 'pending' | 'success' | 'failed';
  attempts: number;
  event: string;
  nextAttemptAt: Date | null;
  endpoint: { id: string; url: string; isActive: boolean; secretEnc: string; disabledReason: string | null };
  outbox: { id: string; type: string; payload: unknown; createdAt: Date };
}

interface LoadedRow {
  id: string;
  status: LoadedDelivery['status'];
  attempts: number;
  event: string;
  next_attempt_at: Date | null;
  endpoint_id: string;
  url: string;
  is_active: boolean;
  secret_enc: string;
  disabled_reason: string | null;
  event_id: string;
  type: string;
  payload: unknown;
  created_at: Date;
}

/**
 * One joined read per attempt. Raw SQL on purpose, here and in `recordAttempt`:
 * these two statements run for every attempt, and skipping the ORM's query
 * building is most of the dispatcher's CPU (docs/decisions/0003).
 */
export async function loadDelivery(db: Db, id: string): Promise<LoadedDelivery | null> {
  const [row] = await db.$queryRaw<LoadedRow[]>`
    SELECT d.id::text, d.status::text AS status, d.attempts, d.event, d.next_attempt_at,
           e.id::text AS endpoint_id, e.url, e.is_active, e.secret_enc, e.disabled_reason,
           o.id::text AS event_id, o.type, o.payload, o.created_at
    FROM webhook_deliveries d
    JOIN webhook_endpoints e ON e.id = d.endpoint_id
    JOIN outbox_events o ON o.id = d.event_id
    WHERE d.id = ${id}::uuid`;
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    attempts: row.attempts,
    event: row.event,
    nextAttemptAt: row.next_attempt_at,
    endpoint: { id: row.endpoint_id, url: row.url, isActive: row.is_active, secretEnc: row.secret_enc, disabledReason: row.disabled_reason },
    outbox: { id: row.event_id, type: row.type, payload: row.payload, createdAt: row.created_at },
  };
}

/**
 * Records one attempt, on the condition that nobody recorded it first: the
 * row must still be pending with the attempt count we read. Two workers that
 * somehow ran the same attempt cannot both count it or both schedule a retry.
 * Returns false when the condition failed.
 */
export async function recordAttempt(
  db: Db,
  delivery: Pick<LoadedDelivery, 'id' | 'attempts'>,
  outcome: AttemptOutcome,
  at: Date,
  retryAt: Date | null,
): Promise<boolean> {
  const status = outcome.ok ? 'success' : retryAt ? 'pending' : 'failed';
  const updated = await db.$executeRaw`
    UPDATE webhook_deliveries
    SET status = ${status}::"DeliveryStatus", attempts = attempts + 1, response_code = ${outcome.responseCode},
        last_error = ${cut(outcome.error)}, last_attempt_at = ${at}, next_attempt_at = ${retryAt}, updated_at = now()
    WHERE id = ${delivery.id}::uuid AND status = 'pending' AND attempts = ${delivery.attempts}`;
  return updated === 1;
}

/** Ends a delivery without sending (its endpoint was deactivated after the event was relayed). */
export async function abandonDelivery(db: Db, id: string, reason: string): Promise<void> {
  await db.webhookDelivery.updateMany({ where: { id, status: 'pending' }, data: { status: 'failed', lastError: cut(reason), nextAttemptAt: null } });
}

/** 410 Gone: the receiver asked us to stop. The endpoint stays listed, inactive, with the reason. */
export async function deactivateEndpoint(db: Db, endpointId: string, reason: string): Promise<void> {
  await db.webhookEndpoint.updateMany({ where: { id: endpointId, isActive: true }, data: { isActive: false, disabledReason: cut(reason) } });
}
