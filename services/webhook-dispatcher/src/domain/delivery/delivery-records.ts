import { createCallBatcher, createKeyedBatcher, type AttemptRecord, type LoadedDelivery, type Repositories } from '@lps/db';
import type { AttemptOutcome } from './send-delivery.js';

export type { LoadedDelivery } from '@lps/db';

/** `last_error` is for a human reading the deliveries list, not a dump of the receiver's page. */
export const LAST_ERROR_MAX = 500;
const cut = (text: string | null): string | null => (text === null ? null : text.length > LAST_ERROR_MAX ? `${text.slice(0, LAST_ERROR_MAX - 1)}…` : text);

/** Attempts per statement: a few dozen run at once per dispatcher; this only bounds a burst. */
const MAX_BATCH = 200;
/**
 * Reads are made while a job waits for its slot, so they can wait for each
 * other: one at a time, in bigger batches. Attempt records are written while a
 * slot is held: two at a time, so one batch fills while the other commits.
 */
const LOADS_IN_FLIGHT = 1;
const RECORDS_IN_FLIGHT = 2;

/** The delivery records as one attempt sees them; reads and writes of concurrent attempts share statements. */
export interface DeliveryRecords {
  /** The delivery with its endpoint and event, or null when it is gone (its endpoint was deleted). */
  load(id: string): Promise<LoadedDelivery | null>;
  /**
   * Records one attempt, on the condition that nobody recorded it first (see
   * `recordAttempts`). Returns false when the condition failed.
   */
  record(delivery: Pick<LoadedDelivery, 'id' | 'attempts'>, outcome: AttemptOutcome, at: Date, retryAt: Date | null): Promise<boolean>;
  /** Ends a delivery without sending (its endpoint was deactivated after the event was relayed). */
  abandon(id: string, reason: string): Promise<void>;
  /** 410 Gone: the receiver asked us to stop. The endpoint stays listed, inactive, with the reason. */
  deactivateEndpoint(endpointId: string, reason: string): Promise<void>;
}

export function createDeliveryRecords(repos: Pick<Repositories, 'loadDeliveries' | 'recordAttempts' | 'abandonDelivery' | 'deactivateEndpoint'>): DeliveryRecords {
  const load = createKeyedBatcher(
    async (ids: string[]) => new Map((await repos.loadDeliveries(ids)).map((delivery) => [delivery.id, delivery])),
    (id) => id,
    { maxBatch: MAX_BATCH, maxInFlight: LOADS_IN_FLIGHT },
  );
  const record = createCallBatcher<AttemptRecord, boolean>(
    async (attempts) => {
      // The same delivery twice in one batch cannot both win its condition: only the first is sent.
      const first = new Map<string, AttemptRecord>();
      for (const attempt of attempts) if (!first.has(attempt.deliveryId)) first.set(attempt.deliveryId, attempt);
      const written = await repos.recordAttempts([...first.values()]);
      return attempts.map((attempt) => first.get(attempt.deliveryId) === attempt && written.has(attempt.deliveryId));
    },
    { maxBatch: MAX_BATCH, maxInFlight: RECORDS_IN_FLIGHT },
  );

  return {
    load,
    record: (delivery, outcome, at, retryAt) =>
      record({
        deliveryId: delivery.id,
        attemptsRead: delivery.attempts,
        status: outcome.ok ? 'success' : retryAt ? 'pending' : 'failed',
        responseCode: outcome.responseCode,
        lastError: cut(outcome.error),
        attemptedAt: at,
        nextAttemptAt: retryAt,
      }),
    abandon: (id, reason) => repos.abandonDelivery(id, cut(reason) as string),
    deactivateEndpoint: (endpointId, reason) => repos.deactivateEndpoint(endpointId, cut(reason) as string),
  };
}
