import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { DEFAULT_PUBLISH_CONCURRENCY, loadRedisSettings } from '@lps/config';
import { createDb, type Db } from '@lps/db';
import { createBenchMember } from './bench-member.js';
import { connectRedis } from '@lps/queue';
import { deleteRedisKeys, startLocalRedisCluster } from '@lps/testing';
import { startApiProcess } from './posts/api-process.js';
import { createBenchDatabase, startOnDatabase } from './posts/bench-database.js';
import { percentile } from './publish/concurrency.js';
import { noopBaseline } from './publish/noop-baseline.js';
import { postEach } from './publish/post-each.js';
import { cpuPerItem, pidsNamed, readCpu, type CpuReading, type ProcessGroups } from './publish/process-cpu.js';
import { startBenchService } from './bench-service.js';

// `npm run bench -- publish [--warmup 4000] [--posts 2000] [--scheduled 1000] [--concurrency <LPS_PUBLISH_CONCURRENCY's default>] [--cluster]`
// --cluster: everything (the services and the no-op baseline) on a Redis Cluster of the bench's own
//    (three masters with a replica each on this machine, decision 0020) instead of REDIS_URL.
// 1. Publishes N posts through the API in sandbox mode (API and publisher in their own
//    processes, warmed up first by W publishes that are not measured: after 1,000, V8 was
//    still optimising through the measured window) and measures posts/s from the first 202
//    to the last `published`, next to raw BullMQ no-op throughput on the same Redis in the
//    same run (warmed by W jobs). Three rounds of each, in turns; the ratio of the medians
//    (floor 0.15: the owner retired the 0.25 goal, decision 0008).
//    It also prints each process's CPU per post over the publish rounds (Linux /proc): the
//    ratio swings with the machine, and ops size each service by its share.
// 2. Schedules M posts for the same second and reports p50/p99 lateness (goal: p99 ≤ 2 s).
const { values } = parseArgs({
  options: {
    warmup: { type: 'string', default: '4000' },
    posts: { type: 'string', default: '2000' },
    scheduled: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: String(DEFAULT_PUBLISH_CONCURRENCY) },
    cluster: { type: 'boolean', default: false },
  },
});
const WARMUP = Number(values.warmup);
const POSTS = Number(values.posts);
const SCHEDULED = Number(values.scheduled);
const CONCURRENCY = Number(values.concurrency);
const ROUNDS = 3;
const cluster = values.cluster ? await startLocalRedisCluster({ masters: 3, replicas: 1 }) : undefined;
// The services are started with this process's environment: on the cluster, they connect to it.
if (cluster) Object.assign(process.env, { REDIS_URL: cluster.url, REDIS_CLUSTER: '1' });
// REDIS_URL, REDIS_CLUSTER, REDIS_TLS_CA_FILE as the services read them: the bench runs on a cluster as on one server.
const redisSettings = loadRedisSettings();
const prefix = `bench${randomBytes(4).toString('hex')}`;
const say = (text: string) => process.stderr.write(`[bench] ${text}\n`);

const database = await createBenchDatabase();
const env = {
  DATABASE_URL: database.url,
  LPS_REDIS_PREFIX: prefix,
  LPS_NETWORK: 'sandbox',
  LPS_RATE_LIMIT: '100000000/60',
  LPS_PUBLISH_CONCURRENCY: String(CONCURRENCY),
  LPS_SCHEDULE_SWEEP_INTERVAL: '1s',
};
const api = await startOnDatabase(database, () => startApiProcess(env));
const publisher = startBenchService('publisher', env);
const db = createDb(database.url);
// Where a publication's CPU goes (Linux /proc; PostgreSQL and Redis only when they run on this machine).
const processes: ProcessGroups = {
  API: () => [api.pid],
  publisher: () => [publisher.pid],
  PostgreSQL: () => pidsNamed('postgres'),
  Redis: () => pidsNamed('redis-server'),
  'bench client': () => [process.pid],
};

async function makePosts(memberId: string, count: number, label: string): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => ({ memberId, status: 'draft_saved' as const, body: `${label} post ${i}: what we learned shipping every day.` }));
  const created = await db.post.createManyAndReturn({ data: rows, select: { id: true } });
  return created.map((row) => row.id);
}

/** Every request must have answered `expected`: a failing endpoint cannot pass for a fast one. */
function expectAll(statuses: Map<number, number>, expected: number, count: number, what: string): void {
  if (statuses.get(expected) !== count) throw new Error(`some ${what} requests failed: ${JSON.stringify(Object.fromEntries(statuses))}`);
}

async function waitAllPublished(client: Db, ids: string[]): Promise<void> {
  for (;;) {
    // One array parameter, not 2,000: Prisma's count with `in: ids` cost this process ~33 ms
    // of CPU per poll, a quarter of a core taken from the services being measured.
    const [row] = await client.$queryRaw<{ published: number }[]>`SELECT count(*)::int AS published FROM posts WHERE id = ANY(${ids}::uuid[]) AND status = 'published'`;
    if (row?.published === ids.length) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function publishThroughput(auth: string, ids: string[], cpu?: CpuReading[]): Promise<number> {
  const before = readCpu(processes);
  const { statuses, first202At: first202 } = await postEach(
    api.baseUrl,
    ids.map((id) => `/posts/${id}/publish`),
    { authorization: auth },
  );
  expectAll(statuses, 202, ids.length, 'publish');
  say(`all ${ids.length} requests answered 202 after ${((Date.now() - first202) / 1000).toFixed(1)} s`);
  await waitAllPublished(db, ids);
  cpu?.push(cpuPerItem(before, readCpu(processes), ids.length));
  const last = await db.post.aggregate({ where: { id: { in: ids } }, _max: { publishedAt: true } });
  const lastPublished = (last._max.publishedAt as Date).getTime();
  // Epoch seconds, to line the window up with per-process CPU readings taken outside the bench.
  say(`publish window ${(first202 / 1000).toFixed(2)} → ${(lastPublished / 1000).toFixed(2)}`);
  return ids.length / ((lastPublished - first202) / 1000);
}

async function schedulingLateness(auth: string, ids: string[]): Promise<number[]> {
  // Leave enough time to place every schedule first, so lateness measures the publisher, not the API.
  const leadMs = Math.max(20_000, ids.length * 60);
  const at = new Date(Math.ceil((Date.now() + leadMs) / 1000) * 1000);
  const { statuses } = await postEach(
    api.baseUrl,
    ids.map((id) => `/posts/${id}/schedule`),
    { authorization: auth },
    { scheduled_at: at.toISOString() },
  );
  expectAll(statuses, 200, ids.length, 'schedule');
  if (Date.now() >= at.getTime()) say('warning: scheduling took longer than the lead time; lateness includes it');
  await waitAllPublished(db, ids);
  const rows = await db.post.findMany({ where: { id: { in: ids } }, select: { publishedAt: true } });
  return rows.map((row) => ((row.publishedAt as Date).getTime() - at.getTime()) / 1000).sort((a, b) => a - b);
}

async function cleanup(): Promise<void> {
  await publisher.stop();
  await api.stop();
  await db.$disconnect();
  const redis = await connectRedis(redisSettings, 'producer');
  await deleteRedisKeys(redis, prefix);
  await redis.quit();
  await database.drop();
  await cluster?.stop();
}

try {
  const member = await createBenchMember(db);
  if (WARMUP > 0) {
    say(`warming up: ${WARMUP} publishes, then ${WARMUP} no-op jobs, not measured`);
    await publishThroughput(member.auth, await makePosts(member.memberId, WARMUP, 'warm-up'));
    await noopBaseline(redisSettings, WARMUP, CONCURRENCY);
  }
  // Both sides swing from round to round on this shared machine: three rounds each, taken
  // in turns so that both see the same moments, and the ratio of their medians.
  const publishRates: number[] = [];
  const noopRates: number[] = [];
  const cpuPerPost: CpuReading[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    say(`round ${round}/${ROUNDS}: ${POSTS} posts through the API (sandbox, publisher concurrency ${CONCURRENCY}), then ${POSTS} raw BullMQ no-op jobs on the same Redis`);
    publishRates.push(await publishThroughput(member.auth, await makePosts(member.memberId, POSTS, `round ${round}`), cpuPerPost));
    noopRates.push(await noopBaseline(redisSettings, POSTS, CONCURRENCY));
  }
  const median = (rates: number[]) =>
    percentile(
      [...rates].sort((a, b) => a - b),
      50,
    );
  const publishRate = median(publishRates);
  const noopRate = median(noopRates);
  const listed = (rates: number[]) => rates.map((rate) => rate.toFixed(0)).join(', ');
  say(`scheduling ${SCHEDULED} posts for the same second`);
  const lateness = await schedulingLateness(member.auth, await makePosts(member.memberId, SCHEDULED, 'scheduled'));
  const ratio = publishRate / noopRate;
  console.log(`publish throughput      ${publishRate.toFixed(0)} posts/s (median of ${listed(publishRates)}; first 202 → last published, ${POSTS} posts a round)`);
  console.log(`raw BullMQ no-op        ${noopRate.toFixed(0)} jobs/s (median of ${listed(noopRates)}; same Redis, in turns with the publish rounds)`);
  console.log(`ratio                   ${ratio.toFixed(3)} (floor 0.15, decision 0008) ${ratio >= 0.15 ? 'OK' : 'BELOW THE FLOOR'}`);
  const cpuMedians = Object.keys(processes).map((name) => [name, median(cpuPerPost.map((reading) => reading[name] ?? 0))] as const);
  const cpuTotal = cpuMedians.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`CPU per post            ${cpuMedians.map(([name, ms]) => `${name} ${ms.toFixed(2)}`).join(', ')}; total ${cpuTotal.toFixed(2)} ms (medians of the publish rounds)`);
  const p50 = percentile(lateness, 50);
  const p99 = percentile(lateness, 99);
  console.log(
    `schedule lateness       p50 ${p50.toFixed(3)} s, p99 ${p99.toFixed(3)} s, max ${lateness.at(-1)?.toFixed(3)} s (${SCHEDULED} posts, one second; goal p99 ≤ 2 s) ${p99 <= 2 ? 'OK' : 'ABOVE GOAL'}`,
  );
} finally {
  await cleanup();
}
