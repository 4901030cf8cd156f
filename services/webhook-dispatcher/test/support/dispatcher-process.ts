import { startServiceProcess, type ServiceProcess, type TestRuntime } from '@lps/testing';

/** The real dispatcher, as ops run it: `node services/webhook-dispatcher/dist/main.js`, on the test's database and Redis prefix. */
export function spawnDispatcher(test: TestRuntime, env: Record<string, string> = {}): ServiceProcess {
  return startServiceProcess('services/webhook-dispatcher/dist/main.js', {
    DATABASE_URL: test.database.url,
    LPS_REDIS_PREFIX: test.runtime.config.redis.prefix,
    LPS_ALLOW_PRIVATE_URLS: '1',
    LOG_LEVEL: 'warn',
    ...env,
  });
}
