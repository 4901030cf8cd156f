import type { Sql } from '../../client.js';
import { runPrepared } from '../run-prepared.js';

/**
 * An outbox row's place in the live stream (decision 0039): the id of the transaction that wrote it
 * and its place in the sequence. Rows are read in this order, and only below the horizon — the oldest
 * transaction still running anywhere — so a row committed later can never land behind one already
 * read: a reader that resumes after a position misses nothing, on any replica.
 */
export interface StreamPosition {
  txId: bigint;
  seq: bigint;
}

/** Before every row (rows written before the stream existed sit at 0-0). */
export const STREAM_START: StreamPosition = { txId: 0n, seq: 0n };

/** `<tx>-<seq>`: the SSE `id:` a browser sends back as Last-Event-ID. */
export const formatStreamPosition = (position: StreamPosition): string => `${position.txId}-${position.seq}`;

const POSITION = /^(\d{1,19})-(\d{1,19})$/;
const MAX_BIGINT = 9_223_372_036_854_775_807n;

/** A Last-Event-ID back into a position; undefined for anything this stream never sent. */
export function parseStreamPosition(text: string): StreamPosition | undefined {
  const match = POSITION.exec(text);
  if (!match) return undefined;
  const [txId, seq] = [BigInt(match[1] as string), BigInt(match[2] as string)];
  return txId <= MAX_BIGINT && seq <= MAX_BIGINT ? { txId, seq } : undefined;
}

export const comparePositions = (a: StreamPosition, b: StreamPosition): number => (a.txId === b.txId ? Number(a.seq - b.seq) : a.txId < b.txId ? -1 : 1);

/** One outbox row as the stream sends it. */
export interface StreamEvent {
  position: StreamPosition;
  id: string;
  memberId: string;
  type: string;
  payload: unknown;
  createdAt: Date;
}

interface StreamRow {
  tx_id: string;
  seq: string;
  id: string;
  member_id: string;
  type: string;
  payload: unknown;
  created_at: Date;
  horizon: string;
}

export interface StreamRead {
  events: StreamEvent[];
  /**
   * How far the read is complete: every row of these members at or before it has been returned.
   * The last row's position when the read was cut at `limit`; else just below the horizon.
   */
  through: StreamPosition;
}

/** The stream's one read (exported for the test that reads its plan): $1 members, $2 types, after ($3, $4), up to ($5, $6), $7 rows. */
export const STREAM_EVENTS_SQL = `WITH h AS (SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS horizon)
     SELECT e.tx_id::text, e.seq::text, e.id, e.member_id, e.type, e.payload, e.created_at, h.horizon::text
       FROM h LEFT JOIN LATERAL (
         SELECT o.* FROM outbox_events o
          WHERE o.member_id = ANY($1::uuid[]) AND o.type = ANY($2::text[])
            AND (o.tx_id, o.seq) > ($3::bigint, $4::bigint) AND o.tx_id < h.horizon
            AND ($5::bigint IS NULL OR (o.tx_id, o.seq) <= ($5::bigint, $6::bigint))
          ORDER BY o.tx_id, o.seq
          LIMIT $7) e ON true`;

/**
 * The rows of these members of the given types after `after`, below the horizon, in stream order:
 * one statement whatever the number of members, by the index on (member_id, tx_id, seq). The
 * horizon (pg_snapshot_xmin of the statement's own snapshot) is read in the same statement, so
 * every transaction below it has ended and its rows are all visible, or were rolled back.
 */
export async function readStreamEvents(
  sql: Sql,
  query: { memberIds: string[]; types: readonly string[]; after: StreamPosition; upTo?: StreamPosition; limit: number },
): Promise<StreamRead> {
  const { rows } = await runPrepared<StreamRow>(sql, 'lps-read-stream-events', STREAM_EVENTS_SQL, [
    query.memberIds,
    query.types,
    query.after.txId.toString(),
    query.after.seq.toString(),
    query.upTo?.txId.toString() ?? null,
    query.upTo?.seq.toString() ?? null,
    query.limit,
  ]);
  const horizon = BigInt(rows[0]?.horizon ?? '0');
  const events = rows
    .filter((row) => row.id !== null)
    .map((row) => ({
      position: { txId: BigInt(row.tx_id), seq: BigInt(row.seq) },
      id: row.id,
      memberId: row.member_id,
      type: row.type,
      payload: row.payload,
      createdAt: row.created_at,
    }));
  const last = events.at(-1);
  if (events.length >= query.limit && last) return { events, through: last.position };
  const belowHorizon: StreamPosition = { txId: horizon - 1n, seq: MAX_BIGINT };
  const complete = query.upTo && comparePositions(query.upTo, belowHorizon) < 0 ? query.upTo : belowHorizon;
  return { events, through: comparePositions(complete, query.after) > 0 ? complete : query.after };
}
