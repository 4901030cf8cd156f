import { keepJobSchedulers, startQueueWorker, type Runtime, type RunningService } from '@lps/runtime';
import { publisherContext, type PublisherOptions } from './composition.js';
import { refreshAnalyticsRound, refreshDueAnalytics } from './domain/analytics/refresh-analytics.js';
import { warnExpiringTokens } from './domain/accounts/warn-expiring-tokens.js';
import { purgeSignInRecords } from './domain/housekeeping/purge-sign-in-records.js';
import { purgeIdempotencyRecords } from './domain/housekeeping/purge-idempotency-records.js';
import { publishPostJob } from './domain/publish/publish-post.js';
import { sweepSchedules } from './domain/schedule/sweep-schedules.js';

export type { PublisherOptions } from './composition.js';

/** The publisher worker: publishes posts, runs scheduled publication and refreshes analytics. */
export async function startPublisherService(runtime: Runtime, options: PublisherOptions = {}): Promise<RunningService> {
  const context = publisherContext(runtime, options);
  const { config, repos, network } = context;
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
      // The same daily housekeeping also drops the dashboard's ended sessions and spent sign-in records.
      'purge-idempotency-records': async (_payload, _job, log) => ({ ...(await purgeIdempotencyRecords({ ...context, log })), ...(await purgeSignInRecords({ ...context, log })) }),
    },
  });
  // For the "connections about to expire" alert: what warnExpiringTokens reports, counted at scrape time.
  runtime.metrics.watchExpiringConnections(async () => (await repos.connectionsEndingBy(new Date(Date.now() + config.network.tokenExpiryWarningMs))).length);
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
  context.log.info(`publisher worker started (network: ${network.mode})`);
  return {
    name: 'publisher',
    readiness: () => context.retiredVersion.readiness(),
    stop: async () => {
      schedulers.stop();
      await worker.close();
    },
  };
}
