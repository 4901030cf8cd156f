import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { loadRedisSettings } from '@lps/config';
import { createDb } from '@lps/db';
import { createBenchMember } from './bench-member.js';
import { connectRedis } from '@lps/queue';
import { deleteRedisKeys } from '@lps/testing';
import { startApiProcess } from './posts/api-process.js';
import { createBenchDatabase, startOnDatabase } from './posts/bench-database.js';
import { runLoad, type LoadResult } from './posts/load.js';

// `npm run bench -- posts [--duration 10] [--connections 20]`
// POST /posts with the builtin provider against GET /health, in the same run and on
// the same API process: the ratio says what generation plus a database write cost
// next to the bare HTTP stack (auth, rate limit, validation included for POST /posts).
const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '20' } } });
const durationSeconds = Number(values.duration);
const connections = Number(values.connections);

const IDEA = 'How we cut our deploy time in half. It took three changes and one hard conversation about ownership.';
const prefix = `bench${randomBytes(4).toString('hex')}`;
const database = await createBenchDatabase();
const api = await startOnDatabase(database, () =>
  startApiProcess({
    DATABASE_URL: database.url,
    LPS_REDIS_PREFIX: prefix,
    LPS_AI_PROVIDER: 'builtin',
    // The limits would otherwise be what is measured.
    LPS_RATE_LIMIT: '100000000/60',
    LPS_RATE_LIMIT_GENERATION: '100000000/60',
  }),
);

async function apiKeyForBenchMember(): Promise<string> {
  const db = createDb(database.url);
  try {
    return (await createBenchMember(db, { displayName: 'Bench Member', headline: 'Staff engineer', companyName: 'Acme' })).apiKey;
  } finally {
    await db.$disconnect();
  }
}

async function cleanRedis(): Promise<void> {
  const redis = await connectRedis(loadRedisSettings(), 'producer');
  await deleteRedisKeys(redis, prefix);
  await redis.quit();
}

const row = (result: LoadResult) =>
  `${result.name.padEnd(15)} ${result.requestsPerSecond.toFixed(0).padStart(8)} ${result.p50Ms.toFixed(1).padStart(8)} ${result.p99Ms.toFixed(1).padStart(8)} ${String(result.total).padStart(8)} ${String(result.non2xx + result.errors).padStart(7)}`;

try {
  const apiKey = await apiKeyForBenchMember();
  process.stderr.write(`[bench] ${durationSeconds}s per endpoint, ${connections} connections, API in a child process\n`);
  const health = await runLoad({ name: 'GET /health', url: `${api.baseUrl}/health`, connections, durationSeconds });
  // Same authentication, rate limit and routing as POST /posts, without generation or a write: splits the cost.
  const templates = await runLoad({ name: 'GET /templates', url: `${api.baseUrl}/templates`, headers: { authorization: `Bearer ${apiKey}` }, connections, durationSeconds });
  const posts = await runLoad({
    name: 'POST /posts',
    url: `${api.baseUrl}/posts`,
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ idea: IDEA, template_id: 'story' }),
    connections,
    durationSeconds,
  });
  console.log(`${'endpoint'.padEnd(15)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'total'.padStart(8)} ${'failed'.padStart(7)}`);
  console.log(row(health));
  console.log(row(templates));
  console.log(row(posts));
  console.log(
    `ratio POST /posts ÷ GET /health: throughput ${(posts.requestsPerSecond / health.requestsPerSecond).toFixed(2)}×, p99 ${(posts.p99Ms / Math.max(health.p99Ms, 0.1)).toFixed(2)}×`,
  );
  if ([health, templates, posts].some((result) => result.non2xx + result.errors > 0)) {
    console.log('warning: some requests failed; the figures above are not comparable');
    process.exitCode = 1;
  }
} finally {
  await api.stop();
  await database.drop();
  await cleanRedis();
}
