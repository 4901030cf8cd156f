import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '@lps/config';

const REPOSITORY_KEY = '23fd59cd1beeb1033203a5512ad21b158e88abb10ad8a5390b39a75a426402a5';
let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lps-config-'));
});
afterEach(async () => rm(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string>) => loadConfig({ PATH: process.env.PATH, LPS_DATA_DIR: dataDir, ...env });

describe('a development start with nothing set', () => {
  it('encrypts with a random key generated once into the data directory (0600), never the key in the repository', async () => {
    const first = load({ NODE_ENV: 'development' });
    const again = load({ NODE_ENV: 'development' });
    const file = join(dataDir, 'encryption.key');
    expect(first.security.encryptionKey).toMatch(/^[0-9a-f]{64}$/);
    expect(first.security.encryptionKey).not.toBe(REPOSITORY_KEY);
    expect(again.security.encryptionKey).toBe(first.security.encryptionKey);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.security.encryptionKey);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // Secrets an earlier install stored with the repository's key still decrypt.
    expect(first.security.previousEncryptionKeys).toContain(REPOSITORY_KEY);
  });

  it('another data directory gets another key', () => {
    const one = load({ NODE_ENV: 'development' }).security.encryptionKey;
    const other = loadConfig({ PATH: process.env.PATH, LPS_DATA_DIR: join(dataDir, 'other'), NODE_ENV: 'development' }).security.encryptionKey;
    expect(other).not.toBe(one);
  });

  it('listens on loopback only; production and an explicit HOST listen where told', () => {
    expect(load({ NODE_ENV: 'development' }).http.host).toBe('127.0.0.1');
    expect(load({ NODE_ENV: 'production', LPS_ENCRYPTION_KEY: 'a'.repeat(64) }).http.host).toBe('0.0.0.0');
    expect(load({ NODE_ENV: 'development', HOST: '0.0.0.0' }).http.host).toBe('0.0.0.0');
  });
});

describe('limits an operator cannot set unsafely', () => {
  it('production refuses to start without LPS_ENCRYPTION_KEY and generates nothing', async () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow(ConfigError);
    await expect(stat(join(dataDir, 'encryption.key'))).rejects.toThrow();
  });

  it('accepts a shorter webhook time-out only in tests', () => {
    expect(load({ NODE_ENV: 'test', LPS_TEST_WEBHOOK_TIMEOUT: '300ms' }).webhooks.timeoutMs).toBe(300);
    expect(load({ NODE_ENV: 'development' }).webhooks.timeoutMs).toBe(10_000);
    expect(() => load({ NODE_ENV: 'development', LPS_TEST_WEBHOOK_TIMEOUT: '300ms' })).toThrow(/LPS_TEST_WEBHOOK_TIMEOUT/);
  });

  it('caps LPS_AUTH_CACHE_TTL at 30 s (a lost revocation message keeps a revoked key alive that long)', () => {
    expect(load({ LPS_AUTH_CACHE_TTL: '30' }).security.authCacheTtlMs).toBe(30_000);
    expect(() => load({ LPS_AUTH_CACHE_TTL: '300' })).toThrow(/LPS_AUTH_CACHE_TTL/);
  });
});
