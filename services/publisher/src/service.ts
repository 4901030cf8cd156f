import { createNetwork, type Network } from '@lps/network';
import { keepJobSchedulers, startQueueWorker, type Runtime, type RunningService } from '@lps/runtime';
import { createStorage } from '@lps/storage';
import { refreshAnalyticsRound, refreshDueAnalytics } from './domain/analytics/refresh-analytics.js';
import { warnExpiringTokens } from './domain/accounts/warn-expiring-tokens.js';
import { purgeIdempotencyRecords } from './domain/housekeeping/purge-idempotency-records.js';
import type { PublisherContext } from './domain/publisher-context.js';
import { publishPostJob } from './domain/publish/publish-post.js';
import { RetiredVersionAlarm } from './domain/publish/retired-version.js';
import { createPauseHook } from './adapters/test-pause.js';
import { createQuotaPause } from './adapters/quota-pause.js';
import { sweepSchedules } from './domain/schedule/sweep-schedules.js';

export interface PublisherOptions {
  /** Another network than the configured one (tests). */
  network?: Network;
}

/** The publisher worker: publishes posts, runs scheduled publication and refreshes analytics. */
export async function startPublisherService(runtime: Runtime, options: PublisherOptions = {}): Promise<RunningService> {
  const { config, logger } = runtime;
  const pause = createPauseHook(config.network.testPauseAt, logger);
  const network =
    options.network ??
    createNetwork(config, { redis: runtime.redis, logger, sandbox: { afterPublishStored: (post) => pause('network-call', post.reference.replace(/^lps-/, '')) } });
  const { repositories: repos, queues, keyring, metrics, announceEvents } = runtime;
  const context: PublisherContext = {
    repos,
    queues,
    config,
    keyring,
    metrics,
    announceEvents,
    analyticsPause: createQuotaPause(runtime.redis, config.redis.prefix),
    network,
    storage: createStorage(config),
    pause,
    retiredVersion: new RetiredVersionAlarm(logger),
    log: logger,
  };
  const { lockMs, concurrency } = config.network.publish;
  const worker = await startQueueWorker(runtime, {
    queue: 'publish',
    concurrency,
    // A publisher that dies mid-job is noticed after one lock period and its job runs again (recovery path).
    workerOptions: { lockDuration: lockMs, stalledInterval: lockMs, maxStalledCount: 3 },
    handlers: {
      'publish-post': (payload, job, log) => publishPostJob({ ...context, log }, payload.postId, job),
      'sweep-schedules': (_payload, _job, log) => sweepSchedules({ ...context, log }),
      'refresh-analytics': (payload, _job, log) => refreshAnalyticsRound({ ...context, log }, payload.memberId),
      'refresh-post-analytics': (payload, _job, log) => refreshDueAnalytics({ ...context, log }, { postId: payload.postId }),
      'purge-idempotency-records': (_payload, _job, log) => purgeIdempotencyRecords({ ...context, log }),
    },
  });
  // For the "connections about to expire" alert: what warnExpiringTokens reports, counted at scrape time.
  metrics.watchExpiringConnections(async () => (await repos.connectionsEndingBy(new Date(Date.now() + config.network.tokenExpiryWarningMs))).length);
  // The sweeper restores from the database the publications Redis forgot; the keeper restores the sweeper.
  const { scheduleSweepIntervalMs, analyticsRefreshIntervalMs, idempotencyPurgeIntervalMs } = config.network;
  const schedulers = await keepJobSchedulers(
    runtime,
    [
      { id: 'sweep-schedules', job: 'sweep-schedules', everyMs: scheduleSweepIntervalMs },
      { id: 'refresh-analytics', job: 'refresh-analytics', everyMs: analyticsRefreshIntervalMs },
      { id: 'purge-idempotency-records', job: 'purge-idempotency-records', everyMs: idempotencyPurgeIntervalMs },
    ],
    { checkEveryMs: scheduleSweepIntervalMs },
  );
  await warnExpiringTokens(context);
  logger.info(`publisher worker started (network: ${network.mode})`);
  return {
    name: 'publisher',
    readiness: () => context.retiredVersion.readiness(),
    stop: async () => {
      schedulers.stop();
      await worker.close();
    },
  };
}
