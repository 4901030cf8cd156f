import type { Sql } from '../client.js';
import { runPrepared } from './run-prepared.js';

/**
 * What the webhook dispatcher reads and writes for every attempt, as plain SQL
 * over a list of deliveries: the dispatcher gathers the attempts that run at the
 * same moment into one statement (decisions 0003, 0008). Both are named prepared
 * statements: PostgreSQL parses and plans them once per connection instead of
 * for every batch (planning the three-table read was a visible share of its CPU).
 */

export type DeliveryRecordStatus = 'pending' | 'success' | 'failed';

/** A delivery with everything an attempt needs: its endpoint (url, secret, state) and its event (the body). */
export interface LoadedDelivery {
  id: string;
  status: DeliveryRecordStatus;
  attempts: number;
  event: string;
  nextAttemptAt: Date | null;
  endpoint: { id: string; memberId: string; url: string; isActive: boolean; secretEnc: string; disabledReason: string | null };
  outbox: { id: string; type: string; payload: unknown; createdAt: Date };
}

interface LoadedDeliveryRow {
  id: string;
  status: DeliveryRecordStatus;
  attempts: number;
  event: string;
  next_attempt_at: Date | null;
  endpoint_id: string;
  member_id: string;
  url: string;
  is_active: boolean;
  secret_enc: string;
  disabled_reason: string | null;
  event_id: string;
  type: string;
  payload: unknown;
  created_at: Date;
}

const toLoadedDelivery = (row: LoadedDeliveryRow): LoadedDelivery => ({
  id: row.id,
  status: row.status,
  attempts: row.attempts,
  event: row.event,
  nextAttemptAt: row.next_attempt_at,
  endpoint: { id: row.endpoint_id, memberId: row.member_id, url: row.url, isActive: row.is_active, secretEnc: row.secret_enc, disabledReason: row.disabled_reason },
  outbox: { id: row.event_id, type: row.type, payload: row.payload, createdAt: row.created_at },
});

/** The deliveries found among `ids` with their endpoint and event; a deleted one is simply absent. */
export async function loadDeliveries(sql: Sql, ids: string[]): Promise<LoadedDelivery[]> {
  const { rows } = await runPrepared<LoadedDeliveryRow>(
    sql,
    'webhook-load-deliveries',
    `SELECT d.id::text, d.status::text AS status, d.attempts, d.event, d.next_attempt_at,
            e.id::text AS endpoint_id, e.member_id::text AS member_id, e.url, e.is_active, e.secret_enc, e.disabled_reason,
            o.id::text AS event_id, o.type, o.payload, o.created_at
     FROM webhook_deliveries d
     JOIN webhook_endpoints e ON e.id = d.endpoint_id
     JOIN outbox_events o ON o.id = d.event_id
     WHERE d.id = ANY ($1::uuid[])`,
    [ids],
  );
  return rows.map(toLoadedDelivery);
}

/** One attempt's result, to be written on its record. */
export interface AttemptRecord {
  deliveryId: string;
  /** The attempt count read before the attempt: the record is written only if it still holds. */
  attemptsRead: number;
  status: DeliveryRecordStatus;
  responseCode: number | null;
  lastError: string | null;
  attemptedAt: Date;
  nextAttemptAt: Date | null;
}

/**
 * Writes attempts on their records, each on the condition that nobody recorded
 * it first: the row must still be pending with the attempt count read before
 * the attempt, so two workers that somehow ran the same attempt cannot both
 * count it or both schedule a retry. Returns the ids that were written.
 * One statement, one commit, however many attempts; ids must be distinct.
 *
 * The commit does not wait for the WAL flush (`synchronous_commit = off` for
 * this transaction only): the attempt counts against its endpoint's allowance
 * of unrecorded attempts until the record is written, so the flush wait was
 * paid on every delivery. What a
 * PostgreSQL crash can lose is the last fraction of a second of outcomes; those
 * deliveries are then sent again under the same delivery id (at least once, as
 * after a dispatcher crash). A lost write can never lose an event: the relay,
 * which creates the records, commits synchronously.
 */
export async function recordAttempts(sql: Sql, attempts: AttemptRecord[]): Promise<Set<string>> {
  const { rows } = await runPrepared<{ id: string }>(
    sql,
    'webhook-record-attempts',
    `UPDATE webhook_deliveries d
     SET status = a.status::"DeliveryStatus", attempts = d.attempts + 1, response_code = a.response_code,
         last_error = a.last_error, last_attempt_at = a.attempted_at, next_attempt_at = a.next_attempt_at, updated_at = now()
     FROM unnest($1::uuid[], $2::int[], $3::text[], $4::int[], $5::text[], $6::timestamptz[], $7::timestamptz[])
          AS a(id, attempts_read, status, response_code, last_error, attempted_at, next_attempt_at),
          (SELECT set_config('synchronous_commit', 'off', true)) AS asynchronous_commit
     WHERE d.id = a.id AND d.status = 'pending' AND d.attempts = a.attempts_read
     RETURNING d.id::text`,
    [
      attempts.map((a) => a.deliveryId),
      attempts.map((a) => a.attemptsRead),
      attempts.map((a) => a.status),
      attempts.map((a) => a.responseCode),
      attempts.map((a) => a.lastError),
      attempts.map((a) => a.attemptedAt),
      attempts.map((a) => a.nextAttemptAt),
    ],
  );
  return new Set(rows.map((row) => row.id));
}

/** Ends a pending delivery without sending (its endpoint was deactivated after the event was relayed). */
export async function abandonDelivery(sql: Sql, id: string, reason: string): Promise<void> {
  await sql.query(
    `UPDATE webhook_deliveries SET status = 'failed', last_error = $2, next_attempt_at = NULL, updated_at = now()
     WHERE id = $1::uuid AND status = 'pending'`,
    [id, reason],
  );
}

/** Turns an active endpoint off, with the reason shown to its owner. */
export async function deactivateEndpoint(sql: Sql, endpointId: string, reason: string): Promise<void> {
  await sql.query(
    `UPDATE webhook_endpoints SET is_active = false, disabled_reason = $2, updated_at = now()
     WHERE id = $1::uuid AND is_active`,
    [endpointId, reason],
  );
}
