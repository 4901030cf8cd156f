import { keepJobSchedulers, startQueueWorker, type Runtime, type RunningService } from '@lps/runtime';
import { dispatcherContext } from './composition.js';
import { deliverWebhook } from './domain/delivery/deliver-webhook.js';
import { warnAboutPrivateEndpoints } from './domain/delivery/private-endpoints.js';
import { relayOutbox } from './domain/relay/relay-outbox.js';
import { sweepOutbox } from './domain/relay/sweep-outbox.js';

/** Scheduler id of the sweeper: kept by every dispatcher, so there is one however many run. */
export const SWEEP_SCHEDULER_ID = 'sweep-outbox';

/**
 * The webhook-dispatcher worker: the relay (outbox → delivery records + jobs),
 * the sweeper (what Redis forgot) and the delivery workers (signed POSTs with
 * retries). Several processes can run it side by side.
 */
export async function startWebhookDispatcherService(runtime: Runtime): Promise<RunningService> {
  const context = dispatcherContext(runtime);
  const { config } = runtime;
  const settings = config.webhooks;

  const events = await startQueueWorker(runtime, {
    queue: 'events',
    // One relay drains the outbox in batches (its job is deduplicated); the sweeper may run beside it.
    concurrency: 2,
    handlers: {
      'relay-outbox': () => relayOutbox(context),
      // The older per-event job: the relay claims whatever is unrelayed, so its id is no longer needed.
      'relay-event': () => relayOutbox(context),
      'sweep-outbox': () => sweepOutbox(context),
    },
  });
  const deliveries = await startQueueWorker(runtime, {
    queue: 'webhooks',
    concurrency: settings.concurrency,
    handlers: { 'deliver-webhook': (payload, job, log) => deliverWebhook({ ...context, log }, payload, job) },
    // A killed dispatcher's attempt is found and run again within ~20 s; a job may stall a few times
    // (repeated crashes) before BullMQ gives up on it, and then the sweeper still finds the row.
    workerOptions: { lockDuration: 20_000, stalledInterval: 5_000, maxStalledCount: 5 },
  });

  // The sweeper restores from the database the deliveries Redis forgot; the keeper restores the sweeper.
  const schedulers = await keepJobSchedulers(runtime, [{ id: SWEEP_SCHEDULER_ID, job: 'sweep-outbox', everyMs: settings.sweepIntervalMs }], {
    checkEveryMs: settings.sweepIntervalMs,
  });
  // Endpoints registered while private addresses were allowed: said once at start, never blocking it.
  if (!config.security.allowPrivateUrls) {
    void warnAboutPrivateEndpoints(context).catch((error: Error) => context.log.warn('could not check the webhook endpoints for private addresses', { error: error.message }));
  }
  context.log.info('webhook-dispatcher worker started', {
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
