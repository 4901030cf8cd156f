import { startServiceProcess, type ServiceProcess } from '@lps/testing';
import type { TestApi } from '../../../api/test/support/api-harness.js';

/**
 * The real publisher (`node services/publisher/dist/main.js`) on the test's
 * database and Redis prefix. `pauseAt` sets the test-only LPS_TEST_PAUSE_AT hook.
 */
export function spawnPublisher(api: TestApi, pauseAt?: string): ServiceProcess {
  const { config } = api.runtime;
  return startServiceProcess('services/publisher/dist/main.js', {
    DATABASE_URL: config.database.url,
    REDIS_URL: config.redis.url,
    LPS_REDIS_PREFIX: config.redis.prefix,
    LPS_PUBLISH_LOCK: '2s',
    LPS_PUBLISH_BACKOFF: '200ms',
    LPS_SCHEDULE_SWEEP_INTERVAL: '1s',
    ...(pauseAt ? { LPS_TEST_PAUSE_AT: pauseAt } : {}),
  });
}
