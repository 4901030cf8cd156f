import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createTestMember, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

/**
 * An attacker with the public port and made-up keys: every `Bearer lps_<random>`
 * used to cost a database lookup. Past LPS_AUTH_FAILURE_LIMIT failures an address
 * is refused before any lookup; other addresses, and keys already known to be
 * live, are not affected.
 */
let api: TestApi;
let member: TestMember;
let stats: pg.Client;

beforeAll(async () => {
  // A live key passes a blocked address only while the key cache holds it (decision 0007): the cache is
  // given its longest life here, so the flood's own duration on a slow machine cannot outlast it.
  api = await startTestApi({ LPS_AUTH_FAILURE_LIMIT: '20/60', LPS_AUTH_CACHE_TTL: '30s' });
  member = await createTestMember(api.runtime);
  stats = new pg.Client({ connectionString: api.runtime.config.database.url });
  await stats.connect();
});
afterAll(async () => {
  await stats.end();
  await api.stop();
});

const randomKey = () => `Bearer lps_${randomBytes(16).toString('hex')}`;
const get = (authorization: string, forwardedFor?: string) =>
  api.fetch('/posts', { headers: { Authorization: authorization, ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}) } });

/** Statements the API's connections have run against this test's database (PostgreSQL's own counter). */
async function statementsRun(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1_200)); // backends report their counts at most once a second
  const { rows } = await stats.query<{ calls: string }>('SELECT xact_commit + xact_rollback AS calls FROM pg_stat_database WHERE datname = current_database()');
  return Number(rows[0]?.calls ?? 0);
}

/** Key lookups that read the database, as the API counts them (lps_api_key_lookups_total): exact, where PostgreSQL's statistics lag. */
async function keyLookups(): Promise<number> {
  const metric = await api.runtime.metrics.apiKeyLookups.get();
  return metric.values.reduce((sum, value) => sum + value.value, 0);
}

describe('a flood of made-up API keys from one address', () => {
  it('costs the database 20 lookups, not 300, and is answered 429 with Retry-After past the limit', async () => {
    // The member's key is used once first: the cache now knows it is live.
    expect((await get(member.auth, '198.51.100.7')).status).toBe(200);
    const before = await statementsRun();
    const statuses: number[] = [];
    let retryAfter = 0;
    for (let batch = 0; batch < 15; batch += 1) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => get(randomKey(), '198.51.100.7')));
      for (const answer of answers) {
        statuses.push(answer.status);
        if (answer.status === 429) retryAfter = Number(answer.headers.get('retry-after'));
      }
    }
    const lookups = (await statementsRun()) - before;
    console.log(
      `unknown-key flood: 300 requests from one address → ${statuses.filter((s) => s === 401).length}×401, ${statuses.filter((s) => s === 429).length}×429, ${lookups} database transactions`,
    );
    // The statistics query itself counts: a handful of statements over the 20 lookups allowed.
    expect(lookups).toBeLessThan(40);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(20);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(280);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('500 requests sent at once cost at most the limit in lookups: each attempt is reserved before its lookup', async () => {
    const before = await keyLookups();
    const answers = await Promise.all(Array.from({ length: 500 }, () => get(randomKey(), '198.51.100.99')));
    const lookups = (await keyLookups()) - before;
    const unauthorized = answers.filter((answer) => answer.status === 401).length;
    const limited = answers.filter((answer) => answer.status === 429).length;
    console.log(`500 concurrent made-up keys from one address → ${unauthorized}×401, ${limited}×429, ${lookups} key lookups in the database (limit 20)`);
    expect(unauthorized + limited).toBe(500);
    expect(unauthorized).toBeLessThanOrEqual(20);
    expect(lookups).toBeLessThanOrEqual(20);
  });

  it('a burst of one live key on a cold cache takes one attempt: 80 requests at once from one address are all answered 200', async () => {
    // A fresh member: its key is in no cache. With a limit of 20, 80 requests that each took an attempt were
    // answered 429 (seen in the SIGTERM test); the requests joining the first one's lookup take none.
    const fresh = await createTestMember(api.runtime, { displayName: 'burst' });
    const before = await keyLookups();
    const answers = await Promise.all(Array.from({ length: 80 }, () => get(fresh.auth, '198.51.100.150')));
    expect(answers.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
    expect((await keyLookups()) - before).toBe(1);
  });

  it('a burst of one live key from 40 addresses, one of them blocked, answers the others 200', async () => {
    const fresh = await createTestMember(api.runtime, { displayName: 'burst from many' });
    // Block one address with made-up keys first.
    await Promise.all(Array.from({ length: 25 }, () => get(randomKey(), '198.51.100.200')));
    expect((await get(randomKey(), '198.51.100.200')).status).toBe(429);
    const answers = await Promise.all([get(fresh.auth, '198.51.100.200'), ...Array.from({ length: 39 }, (_, index) => get(fresh.auth, `203.0.113.${index + 10}`))]);
    expect(answers[0]?.status).toBe(429);
    expect(
      answers
        .slice(1)
        .map((answer) => answer.status)
        .filter((status) => status !== 200),
    ).toEqual([]);
  });

  it('does not lock out the member whose key is live, nor another address', async () => {
    expect((await get(member.auth, '198.51.100.7')).status).toBe(200);
    expect((await get(randomKey(), '203.0.113.9')).status).toBe(401);
    expect((await get(member.auth, '203.0.113.9')).status).toBe(200);
  });

  it('a revoked or leaked key replayed from 100 addresses costs one lookup, not 100', async () => {
    const leaked = randomKey();
    expect((await get(leaked, '192.0.2.1')).status).toBe(401);
    const before = await statementsRun();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, index) => get(leaked, `192.0.2.${index + 2}`)));
    const lookups = (await statementsRun()) - before;
    console.log(`one unknown key from 100 addresses → ${answers.filter((a) => a.status === 401).length}×401, ${lookups} database transactions`);
    expect(answers.every((answer) => answer.status === 401)).toBe(true);
    expect(lookups).toBeLessThan(10);
  });

  it('believes X-Forwarded-For only from a private proxy: a public client cannot pick its address', async () => {
    // The test client is on loopback, which counts as a trusted proxy; the rule itself is Express's 'trust proxy'.
    const app = (await import('@lps/api')).createApp(api.runtime);
    expect(app.get('trust proxy fn')('203.0.113.1', 0)).toBe(false);
    expect(app.get('trust proxy fn')('10.0.0.5', 0)).toBe(true);
    expect(app.get('trust proxy fn')('127.0.0.1', 0)).toBe(true);
  });
});
