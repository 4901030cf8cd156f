import { postponeJob as postpone, type DeliverWebhookPayload, type QueueJob } from '@lps/queue';
import type { Needs } from '../dispatcher-context.js';
import type { LoadedDelivery } from './delivery-records.js';
import { deliveryBody, deliveryHeaders } from './delivery-request.js';
import type { HeldSlot } from './delivery-ports.js';
import { TIMEOUTS_BEFORE_PAUSE } from './pause-policy.js';
import { nextRetryDelay } from './retry-policy.js';
import { sendDelivery } from './send-delivery.js';

/** What one attempt uses: the signing secret, the counters, the sender, the rows and the shared state of every dispatcher. */
export type DeliverNeeds = Needs<never, 'endpointSecret' | 'metrics' | 'sender' | 'records' | 'slots' | 'shares' | 'pauses' | 'retryPolicy' | 'log'>;

// Postponing parks the job without counting a BullMQ attempt: the attempts that matter are counted on the delivery row.
/** How long a job waits for a free slot of a busy endpoint; random so the waiters do not wake together. */
const slotWait = () => 100 + Math.floor(Math.random() * 300);

/**
 * One attempt of one delivery. The job (id `delivery-<id>`) lives for the whole
 * series of attempts: a failed attempt is recorded and the same job is delayed
 * to the next time of the schedule. BullMQ's lock on the job keeps every other
 * dispatcher off it while an attempt runs.
 */
export async function deliverWebhook(deps: DeliverNeeds, { deliveryId, endpointId }: DeliverWebhookPayload, job: QueueJob) {
  const { records, slots, shares, pauses } = deps;
  // A paused endpoint (its receiver kept timing out) gets nothing until the pause ends.
  const paused = pauses.pausedUntil(endpointId);
  if (paused) return postpone(job, paused + slotWait());
  // The slot first: a job postponed because its endpoint is full costs no database read. A job
  // that waits for a slot to be handed over reads its delivery meanwhile, not while holding it.
  let loading: Promise<LoadedDelivery | null> | undefined;
  const load = () => (loading ??= records.load(deliveryId));
  const slot = await slots.acquire(endpointId, () => void load().catch(() => undefined));
  // No slot: the endpoint is full, or another dispatcher paused it (learnt in the same call).
  if (!slot) return postpone(job, (pauses.pausedUntil(endpointId) ?? Date.now()) + slotWait());
  let releaseShare: (() => void) | undefined;
  try {
    // Then the member's share of this dispatcher (an endpoint's owner is known after one read).
    let memberId = shares.memberOf(endpointId);
    if (!memberId) {
      const delivery = await load();
      if (delivery) shares.remember(endpointId, (memberId = delivery.endpoint.memberId));
    }
    releaseShare = memberId ? await shares.take(memberId) : () => undefined;
    if (!releaseShare) return await postpone(job, Date.now() + slotWait());
    return await attempt(deps, await load(), job, slot);
  } finally {
    releaseShare?.();
    await slot.attemptRecorded();
  }
}

async function attempt(deps: DeliverNeeds, delivery: LoadedDelivery | null, job: QueueJob, slot: HeldSlot) {
  const { records, pauses, metrics, log } = deps;
  // Deleted endpoints take their deliveries with them (cascade); final ones are done.
  if (!delivery || delivery.status !== 'pending') return { skipped: delivery?.status ?? 'deleted' };
  const { endpoint } = delivery;
  if (!endpoint.isActive) {
    await records.abandon(delivery.id, `not sent: the endpoint is inactive (${endpoint.disabledReason ?? 'deactivated'})`);
    metrics.webhookDeliveries.inc({ outcome: 'skipped' });
    return { skipped: 'endpoint inactive' };
  }
  // Woken early (a sweeper re-added it): the row's schedule wins.
  if (delivery.nextAttemptAt && delivery.nextAttemptAt.getTime() > Date.now() + 1_000) await postpone(job, delivery.nextAttemptAt.getTime());

  const at = new Date();
  const body = deliveryBody(delivery.outbox);
  const headers = deliveryHeaders({ secret: deps.endpointSecret(endpoint.secretEnc), deliveryId: delivery.id, event: delivery.event, body, now: at });
  const outcome = await sendDelivery(deps.sender, endpoint.url, body, headers);
  // The slot may carry the endpoint's next request while this one is recorded (the allowance
  // of attempts sent and not yet recorded bounds what a crash now would send twice).
  slot.requestAnswered();

  const attemptsMade = delivery.attempts + 1;
  const delay = outcome.ok || outcome.gone ? null : nextRetryDelay(deps.retryPolicy, attemptsMade, outcome.retryAfterMs);
  const pausedUntil = await pauses.record(endpoint.id, outcome.timedOut);
  if (pausedUntil) metrics.webhookEndpointPauses.inc();
  // A retry never falls inside the endpoint's pause; the record says why it waits.
  const retryAt = delay === null ? null : new Date(Math.max(Date.now() + delay, pausedUntil ?? 0));
  const recorded = pausedUntil
    ? { ...outcome, error: `${outcome.error ?? 'timed out'} — endpoint paused until ${new Date(pausedUntil).toISOString()} after ${TIMEOUTS_BEFORE_PAUSE} time-outs in a row` }
    : outcome;
  if (!(await records.record(delivery, recorded, at, retryAt))) return { skipped: 'recorded by another worker' };
  if (outcome.gone) await records.deactivateEndpoint(endpoint.id, 'the receiver answered 410 Gone');

  metrics.webhookDeliveries.inc({ outcome: outcome.ok ? 'success' : retryAt ? 'retry' : 'failed' });
  const context = { delivery_id: delivery.id, endpoint_id: endpoint.id, attempt: attemptsMade, response_code: outcome.responseCode };
  if (!outcome.ok) log.warn(retryAt ? 'webhook attempt failed, will retry' : 'webhook delivery failed for good', { ...context, error: outcome.error });
  // Level checked here: winston formats (and redacts) a line before its transports drop it by level.
  else if (log.isDebugEnabled()) log.debug('webhook delivered', context);
  if (retryAt) await postpone(job, retryAt.getTime());
  return { status: outcome.ok ? 'success' : 'failed', attempts: attemptsMade };
}
