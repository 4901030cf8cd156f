import { createGuardedRequestSender } from '@lps/outbound';
import { keepJobSchedulers, startQueueWorker, type Runtime, type RunningService } from '@lps/runtime';
import { createDeliverHandler } from './domain/delivery/deliver-webhook.js';
import { createDeliveryRecords } from './domain/delivery/delivery-records.js';
import { createEndpointSlots } from './adapters/endpoint-slots.js';
import { createEndpointPauses } from './adapters/endpoint-pauses.js';
import { createMemberShares } from './adapters/member-shares.js';
import { SNIPPET_BYTES } from './domain/delivery/send-delivery.js';
import { createRelayHandler } from './domain/relay/relay-outbox.js';
import { createSweepHandler } from './domain/relay/sweep-outbox.js';

/** Scheduler id of the sweeper: kept by every dispatcher, so there is one however many run. */
export const SWEEP_SCHEDULER_ID = 'sweep-outbox';
/** A slot lease outlives the receiver time-out; a dispatcher killed mid-request frees it after this. */
const SLOT_LEASE_MARGIN_MS = 5_000;
/**
 * A job of a busy endpoint waits in the process for a slot only if one is due
 * within this time (judged from the endpoint's recent requests), and never
 * longer than the second: a slow endpoint's jobs are postponed at once.
 */
const SLOT_EXPECTED_WAIT_MS = 50;
const SLOT_MAX_WAIT_MS = 250;
/**
 * Attempts of an endpoint one process may have sent (or be sending) and not yet
 * recorded, per slot: a slot carries the next request while the last one is
 * recorded, and a SIGKILL re-sends at most this many times the endpoint
 * concurrency per process (decision 0003).
 */
const UNRECORDED_PER_SLOT = 2;

/**
 * The webhook-dispatcher worker: the relay (outbox → delivery records + jobs),
 * the sweeper (what Redis forgot) and the delivery workers (signed POSTs with
 * retries). Several processes can run it side by side.
 */
export async function startWebhookDispatcherService(runtime: Runtime): Promise<RunningService> {
  const { config, logger } = runtime;
  const settings = config.webhooks;
  const post = createGuardedRequestSender({ allowPrivate: config.security.allowPrivateUrls, timeoutMs: settings.timeoutMs, maxBodyBytes: SNIPPET_BYTES });
  const pauses = createEndpointPauses(runtime.redis, config.redis.prefix);
  const leaseMs = settings.timeoutMs + SLOT_LEASE_MARGIN_MS;
  const slots = createEndpointSlots(runtime.redis, config.redis.prefix, {
    onPauseSeen: (endpointId, pausedUntil, timeouts) => pauses.learn(endpointId, pausedUntil, timeouts),
    limit: settings.endpointConcurrency,
    unrecordedLimit: UNRECORDED_PER_SLOT * settings.endpointConcurrency,
    leaseMs,
    // Half the margin: a handed-over lease always has the receiver time-out plus 2.5 s to live.
    renewAfterMs: SLOT_LEASE_MARGIN_MS / 2,
    expectedWaitMs: SLOT_EXPECTED_WAIT_MS,
    maxWaitMs: SLOT_MAX_WAIT_MS,
  });
  const { repositories: repos, queues } = runtime;
  const records = createDeliveryRecords(repos);
  const relay = createRelayHandler({ repos, queues });

  const events = await startQueueWorker(runtime, {
    queue: 'events',
    // One relay drains the outbox in batches (its job is deduplicated); the sweeper may run beside it.
    concurrency: 2,
    handlers: { 'relay-outbox': relay, 'relay-event': relay, 'sweep-outbox': createSweepHandler({ repos, queues, logger }) },
  });
  const deliveries = await startQueueWorker(runtime, {
    queue: 'webhooks',
    concurrency: settings.concurrency,
    handlers: {
      'deliver-webhook': createDeliverHandler({
        keyring: runtime.keyring,
        metrics: runtime.metrics,
        post,
        records,
        slots,
        // Both shared with every other dispatcher through Redis (decision 0020).
        shares: createMemberShares(runtime.redis, config.redis.prefix, { concurrency: settings.concurrency, leaseMs }),
        pauses,
        policy: { delaysMs: settings.retryDelaysMs },
      }),
    },
    // A killed dispatcher's attempt is found and run again within ~20 s; a job may stall a few times
    // (repeated crashes) before BullMQ gives up on it, and then the sweeper still finds the row.
    workerOptions: { lockDuration: 20_000, stalledInterval: 5_000, maxStalledCount: 5 },
  });

  // The sweeper restores from the database the deliveries Redis forgot; the keeper restores the sweeper.
  const schedulers = await keepJobSchedulers(runtime, [{ id: SWEEP_SCHEDULER_ID, job: 'sweep-outbox', everyMs: settings.sweepIntervalMs }], {
    checkEveryMs: settings.sweepIntervalMs,
  });
  logger.info('webhook-dispatcher worker started', {
    concurrency: settings.concurrency,
    endpoint_concurrency: settings.endpointConcurrency,
    retry_delays_ms: settings.retryDelaysMs.join(','),
  });

  return {
    name: 'webhook-dispatcher',
    // In-flight attempts finish and are recorded; nothing new is taken.
    stop: async () => {
      schedulers.stop();
      await Promise.all([events.close(), deliveries.close()]);
    },
  };
}
