import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, type Config } from '@lps/config';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lps-durations-'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string>) => loadConfig({ PATH: process.env.PATH, LPS_DATA_DIR: dataDir, NODE_ENV: 'test', ...env });

/** Every duration variable, and where its value lands in milliseconds. */
const DURATIONS: Record<string, (config: Config) => number> = {
  LINKEDIN_TIMEOUT: (c) => c.network.linkedin.timeoutMs,
  LPS_ANALYTICS_MAX_AGE: (c) => c.network.analyticsMaxAgeMs,
  LPS_ANALYTICS_REFRESH_INTERVAL: (c) => c.network.analyticsRefreshIntervalMs,
  LPS_SCHEDULE_SWEEP_INTERVAL: (c) => c.network.scheduleSweepIntervalMs,
  LPS_IDEMPOTENCY_PURGE_INTERVAL: (c) => c.network.idempotencyPurgeIntervalMs,
  LPS_PUBLISH_BACKOFF: (c) => c.network.publish.backoffMs,
  LPS_PUBLISH_LOCK: (c) => c.network.publish.lockMs,
  LPS_TOKEN_EXPIRY_WARNING: (c) => c.network.tokenExpiryWarningMs,
  LPS_WEBHOOK_SWEEP_INTERVAL: (c) => c.webhooks.sweepIntervalMs,
  LPS_TEST_WEBHOOK_TIMEOUT: (c) => c.webhooks.timeoutMs,
  LPS_AI_TIMEOUT: (c) => c.ai.openai.timeoutSeconds * 1_000,
  LPS_RESEARCH_TIMEOUT: (c) => c.ai.research.timeoutSeconds * 1_000,
  LPS_SHUTDOWN_TIMEOUT: (c) => c.shutdownTimeoutSeconds * 1_000,
  LPS_AUTH_CACHE_TTL: (c) => c.security.authCacheTtlMs,
  LPS_UPLOAD_FETCH_TIMEOUT: (c) => c.storage.uploadFetchTimeoutMs,
};

describe.each(Object.entries(DURATIONS))('%s', (name, read) => {
  it.each([
    ['20', 20_000],
    ['1.5', 1_500],
    ['20s', 20_000],
    ['1500ms', 1_500],
    [' 2s ', 2_000],
  ])('takes %j as %d ms: a bare number is seconds, units work everywhere', (text, ms) => {
    expect(read(load({ [name]: text }))).toBe(ms);
  });

  it.each(['soon', '5 parsecs', '-3', '5s,6s', '1e3'])('refuses %j with an error naming the variable', (text) => {
    expect(() => load({ [name]: text })).toThrow(ConfigError);
    expect(() => load({ [name]: text })).toThrow(new RegExp(`${name} must be a duration`));
  });
});

it('minutes, hours and days are read where the default needs them', () => {
  const config = load({ LPS_ANALYTICS_REFRESH_INTERVAL: '2h', LPS_TOKEN_EXPIRY_WARNING: '7d', LPS_ANALYTICS_MAX_AGE: '15m' });
  expect(config.network.analyticsRefreshIntervalMs).toBe(7_200_000);
  expect(config.network.tokenExpiryWarningMs).toBe(7 * 86_400_000);
  expect(config.network.analyticsMaxAgeMs).toBe(900_000);
});

it('bounds are stated in the message as durations', () => {
  expect(() => load({ LPS_AUTH_CACHE_TTL: '31s' })).toThrow(/LPS_AUTH_CACHE_TTL must be at most 30s/);
  expect(() => load({ LPS_AI_TIMEOUT: '0' })).toThrow(/LPS_AI_TIMEOUT must be at least 1s/);
  expect(load({ LPS_AUTH_CACHE_TTL: '0' }).security.authCacheTtlMs).toBe(0);
});

it('the webhook retry schedule is a list of the same durations', () => {
  expect(load({ LPS_WEBHOOK_RETRY_SCHEDULE: '1, 2s,500ms,1m' }).webhooks.retryDelaysMs).toEqual([1_000, 2_000, 500, 60_000]);
  expect(load({}).webhooks.retryDelaysMs).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
  expect(() => load({ LPS_WEBHOOK_RETRY_SCHEDULE: '5s,,5m' })).toThrow(/LPS_WEBHOOK_RETRY_SCHEDULE must be a comma list of durations/);
});

it('defaults are unchanged', () => {
  const config = load({});
  expect(config.network.linkedin.timeoutMs).toBe(20_000);
  expect(config.ai.openai.timeoutSeconds).toBe(30);
  expect(config.ai.research.timeoutSeconds).toBe(10);
  expect(config.shutdownTimeoutSeconds).toBe(25);
  expect(config.security.authCacheTtlMs).toBe(5_000);
  expect(config.storage.uploadFetchTimeoutMs).toBe(15_000);
  expect(config.webhooks.timeoutMs).toBe(10_000);
});
