import { randomBytes } from 'node:crypto';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { loadRedisSettings } from '@lps/config';
import { connectRedis, enqueue, publishKeyRevocation, startWorker, subscribeKeyRevocations } from '@lps/queue';
import { createLogger } from '@lps/logger';
import { createTestRuntime, startLocalRedis, startLocalRedisCluster, waitFor, type LocalRedis, type TestRuntime } from '@lps/testing';

// Managed Redis speaks TLS (`rediss://`) with a CA the client must be given, and an ACL
// user with a password. The connection factory is the one place that reads them: a
// runtime built from REDIS_URL, REDIS_TLS_CA_FILE (and REDIS_CLUSTER) enqueues and works
// jobs, counts rate limits and passes pub/sub messages; a wrong password or a missing CA
// is refused at connect time, not at the first command.

const silent = createLogger({ service: 'test', level: 'silent', format: 'json' });

/** A job enqueued through the runtime's queues is worked by a worker on the same settings. */
async function jobRoundTrip(test: TestRuntime): Promise<void> {
  const done: string[] = [];
  const worker = startWorker({
    queue: 'events',
    connection: await test.runtime.workerConnection(),
    prefix: test.runtime.config.redis.prefix,
    logger: silent,
    handlers: {
      'relay-outbox': async () => void done.push('relay'),
      'relay-event': async () => undefined,
      'sweep-outbox': async () => undefined,
    },
  });
  try {
    await enqueue(test.runtime.queues, 'relay-outbox', {});
    await waitFor(() => done.length === 1, { timeoutMs: 10_000, what: 'the job worked over TLS' });
  } finally {
    await worker.close();
  }
}

async function rateLimitRoundTrip(test: TestRuntime): Promise<void> {
  const limiter = new RateLimiterRedis({ storeClient: test.runtime.redis, keyPrefix: `${test.runtime.config.redis.prefix}:rl:tls`, points: 2, duration: 60 });
  await limiter.consume('k');
  await limiter.consume('k');
  await expect(limiter.consume('k')).rejects.toMatchObject({ remainingPoints: 0 });
}

async function pubSubRoundTrip(test: TestRuntime): Promise<void> {
  const heard: string[] = [];
  const stop = await subscribeKeyRevocations(test.runtime.config.redis, (keyId) => heard.push(keyId));
  try {
    await waitFor(
      async () => {
        await publishKeyRevocation(test.runtime.redis, test.runtime.config.redis.prefix, 'key-1');
        return heard.includes('key-1');
      },
      { timeoutMs: 5_000, what: 'the revocation heard over TLS' },
    );
  } finally {
    await stop();
  }
}

describe('one Redis server over TLS with an ACL user', () => {
  const password = randomBytes(12).toString('hex');
  let redis: LocalRedis;
  let test: TestRuntime;
  let url: string;
  beforeAll(async () => {
    redis = await startLocalRedis({ tls: true, extraArgs: ['--user', 'default', 'off', '--user', 'lps', 'on', `>${password}`, '~*', '&*', '+@all'] });
    url = redis.url.replace('rediss://127.0.0.1', `rediss://lps:${password}@localhost`);
    test = await createTestRuntime({ REDIS_URL: url, REDIS_TLS_CA_FILE: redis.certificates!.caFile });
  }, 60_000);
  afterAll(async () => {
    await test?.cleanup();
    await redis?.stop();
  });

  it('enqueues and works a job, counts a rate limit and passes a revocation', async () => {
    expect(test.runtime.config.redis).toMatchObject({ cluster: false, username: 'lps', tls: { caFile: redis.certificates!.caFile } });
    await jobRoundTrip(test);
    await rateLimitRoundTrip(test);
    await pubSubRoundTrip(test);
  });

  it('refuses a wrong password, a certificate from an unknown CA and plain TCP, when connecting', async () => {
    const attempt = (env: Record<string, string>) => connectRedis(loadRedisSettings(env), 'command');
    await expect(attempt({ REDIS_URL: url.replace(password, 'wrong'), REDIS_TLS_CA_FILE: redis.certificates!.caFile })).rejects.toThrow(/WRONGPASS|invalid username-password/i);
    await expect(attempt({ REDIS_URL: url })).rejects.toThrow(/self[- ]signed|unable to verify|certificate/i);
    await expect(attempt({ REDIS_URL: url.replace('rediss://', 'redis://') })).rejects.toThrow();
  });
});

describe('a Redis Cluster over TLS', () => {
  it('works jobs, rate limits and pub/sub through the seed nodes with the CA file', async () => {
    const cluster = await startLocalRedisCluster({ masters: 3, replicas: 0, tls: true });
    const test = await createTestRuntime({ REDIS_URL: cluster.url, REDIS_CLUSTER: '1', REDIS_TLS_CA_FILE: cluster.certificates!.caFile });
    try {
      expect(test.runtime.config.redis).toMatchObject({ cluster: true, tls: { caFile: cluster.certificates!.caFile } });
      expect(test.runtime.config.redis.nodes).toHaveLength(3);
      await jobRoundTrip(test);
      await rateLimitRoundTrip(test);
      await pubSubRoundTrip(test);
    } finally {
      await test.cleanup();
      await cluster.stop();
    }
  }, 60_000);
});
