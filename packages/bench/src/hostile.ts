import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadRedisSettings } from '@lps/config';
import { createDb, insertPost } from '@lps/db';
import { connectRedis } from '@lps/queue';
import { deleteRedisKeys } from '@lps/testing';
import { createBenchMember } from './bench-member.js';
import { bodyRoutes, deepNesting, hostileBodies, manyFields, send } from './hostile/bodies.js';
import { startMeasuredApi } from './images/api-child.js';
import { freePort } from './posts/api-process.js';
import { createBenchDatabase, startOnDatabase } from './posts/bench-database.js';
import { percentile } from './publish/concurrency.js';
import { readCpu } from './publish/process-cpu.js';
import { median, say } from './reads/setup.js';

// `npm run bench -- hostile [--rounds 3] [--flood-seconds 10] [--senders 8] [--api-root <checkout>]`
// The API as deployed (its own process, NODE_ENV=production, --max-semi-space-size=4,
// MALLOC_ARENA_MAX=2) against issue 28's attacker, `rounds` times (medians printed):
// 1. 500 made-up keys at once from one address (X-Forwarded-For from loopback, a trusted
//    proxy): key lookups that reached PostgreSQL (api_keys scans in pg_stat_user_tables,
//    read 11 s later, once every backend has reported), limit LPS_AUTH_FAILURE_LIMIT=30;
// 2. API CPU per hopeless body, 20 of each sent one after the other;
// 3. `senders` parallel senders of 100,000-field bodies for `flood-seconds` while another
//    member's GET /me runs back to back: its p50/p99/max, against the same reads alone;
// then, once, the seven hostile bodies on every route taking a body and on /mcp, a 12 MB
// upload and 3 waves of 8 parallel 100,000-field bodies. RSS: the peak across the whole
// run (VmHWM) and 15 s after the last request (goal: under 250 MB peak, under 200 MB after).
// --api-root runs another checkout's build of the API (e.g. `git archive` of the commit
// before a change, built) under the same load: before and after on one machine.
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    'flood-seconds': { type: 'string', default: '10' },
    senders: { type: 'string', default: '8' },
    'api-root': { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const floodSeconds = Number(values['flood-seconds']);
const senders = Number(values.senders);
const root = values['api-root'] ? `${resolve(values['api-root'])}/` : undefined;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
/** PostgreSQL backends report their counters at most once a second, and within 10 s when idle. */
const STATS_SETTLE_MS = 11_000;

const prefix = `bench${randomBytes(4).toString('hex')}`;
const database = await createBenchDatabase();
const dataDir = await mkdtemp(join(tmpdir(), 'lps-bench-hostile-'));
const healthPort = await freePort();
const api = await startOnDatabase(database, () =>
  startMeasuredApi(
    {
      NODE_ENV: 'production',
      LPS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      DATABASE_URL: database.url,
      LPS_REDIS_PREFIX: prefix,
      LPS_DATA_DIR: dataDir,
      LPS_HEALTH_PORT: String(healthPort),
      LPS_RATE_LIMIT: '100000000/60',
      LPS_RATE_LIMIT_GENERATION: '100000000/60',
    },
    root,
  ),
);
const stats = new pg.Client({ connectionString: database.url });
await stats.connect();
try {
  const db = createDb(database.url);
  const attacker = await createBenchMember(db, { displayName: 'Attacker' });
  const bystander = await createBenchMember(db, { displayName: 'Bystander' });
  const uploadPost = await insertPost(db, { memberId: attacker.memberId, status: 'draft_saved', body: 'Bench post' });
  await db.$disconnect();
  const json = { authorization: attacker.auth, 'content-type': 'application/json' };
  const mcpHeaders = { ...json, accept: 'application/json, text/event-stream' };
  const mcpUrl = api.baseUrl.replace(/\/api\/v1$/, '/mcp');
  const post = (body: string) => send(`${api.baseUrl}/posts`, { method: 'POST', headers: json, body });

  const keyScans = async () => {
    const { rows } = await stats.query<{ scans: string }>("SELECT coalesce(idx_scan, 0) + coalesce(seq_scan, 0) AS scans FROM pg_stat_user_tables WHERE relname = 'api_keys'");
    return Number(rows[0]?.scans ?? 0);
  };
  /** lps_api_key_lookups_total from the health port; undefined on a build that does not count them. */
  const countedLookups = async () => {
    const text = await (await fetch(`http://127.0.0.1:${healthPort}/metrics`)).text();
    const lines = text.split('\n').filter((line) => line.startsWith('lps_api_key_lookups_total'));
    return lines.length === 0 ? undefined : lines.reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
  };
  /** The V8 heap and the memory outside it (Buffers), from the API's own metrics. */
  const heapMb = async () => {
    const text = await (await fetch(`http://127.0.0.1:${healthPort}/metrics`)).text();
    const value = (name: string) =>
      Number(/^\S+ (\S+)$/.exec(text.split('\n').find((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `)) ?? '')?.[1] ?? NaN) / 1024 / 1024;
    return `V8 heap ${value('lps_nodejs_heap_size_total_bytes').toFixed(0)} MB (used ${value('lps_nodejs_heap_size_used_bytes').toFixed(0)}), external ${value('lps_nodejs_external_memory_bytes').toFixed(0)} MB`;
  };
  const apiCpuMs = () => (readCpu({ api: () => [api.pid] }).api ?? 0) * 1000;

  /** Answers to the bystander other than 200 (a 503 while the event loop was blocked, say), by status. */
  const bystanderFailures = new Map<number, number>();
  /** The bystander's GET /me back to back until `until` resolves: latencies in ms of every answer. */
  async function bystanderReads(until: Promise<unknown>): Promise<number[]> {
    let done = false;
    void until.then(() => (done = true));
    const latencies: number[] = [];
    while (!done) {
      const started = performance.now();
      const status = await send(`${api.baseUrl}/me`, { headers: { authorization: bystander.auth } });
      if (status !== 200) bystanderFailures.set(status, (bystanderFailures.get(status) ?? 0) + 1);
      latencies.push(performance.now() - started);
    }
    return latencies.sort((a, b) => a - b);
  }

  await bystanderReads(sleep(1_000)); // the bystander's key into the cache, the JIT warm
  const idleRss = api.rssMb();
  api.resetPeak();
  const results: Array<{ lookups: number; counted?: number; statuses: string; cpu: Record<string, number>; quiet: number[]; flood: number[]; floodBodies: number }> = [];
  await sleep(STATS_SETTLE_MS);

  for (let round = 1; round <= rounds; round += 1) {
    say(`round ${round} of ${rounds}: 500 made-up keys at once`);
    const scansBefore = await keyScans();
    const countedBefore = await countedLookups();
    const address = `198.51.100.${round}`;
    const statuses = await Promise.all(
      Array.from({ length: 500 }, () => send(`${api.baseUrl}/posts`, { headers: { authorization: `Bearer lps_${randomBytes(16).toString('hex')}`, 'x-forwarded-for': address } })),
    );
    await sleep(STATS_SETTLE_MS);
    const lookups = (await keyScans()) - scansBefore;
    const countedAfter = await countedLookups();
    const tally = [...new Set(statuses)]
      .sort()
      .map((status) => `${statuses.filter((s) => s === status).length}×${status}`)
      .join(' ');

    say(`round ${round}: CPU per hopeless body`);
    const cpu: Record<string, number> = {};
    for (const [name, body] of [
      ['100,000 fields', manyFields()],
      ['10,000 deep', deepNesting()],
      ['500 unknown fields', manyFields(500)],
    ] as const) {
      const before = apiCpuMs();
      for (let i = 0; i < 20; i += 1) if ((await post(body)) !== 422) throw new Error(`a ${name} body was not answered 422`);
      cpu[name] = (apiCpuMs() - before) / 20;
    }

    say(`round ${round}: the bystander alone, then beside ${senders} senders of 100,000-field bodies for ${floodSeconds} s`);
    const quiet = await bystanderReads(sleep(3_000));
    let floodBodies = 0;
    const big = manyFields();
    const stop = Date.now() + floodSeconds * 1000;
    const flooding = Promise.all(
      Array.from({ length: senders }, async () => {
        while (Date.now() < stop) {
          await post(big);
          floodBodies += 1;
        }
      }),
    );
    const flood = await bystanderReads(flooding);
    say(`round ${round}: API RSS ${api.rssMb().toFixed(0)} MB, peak so far ${api.peakRssMb().toFixed(0)} MB`);
    results.push({
      lookups,
      counted: countedBefore === undefined || countedAfter === undefined ? undefined : countedAfter - countedBefore,
      statuses: tally,
      cpu,
      quiet,
      flood,
      floodBodies,
    });
  }

  say('the hostile matrix: seven bodies on every route taking one and on /mcp, a 12 MB upload, 3 waves of 8 parallel 100,000-field bodies');
  const routes = await bodyRoutes(api.baseUrl);
  const matrixStatuses: number[] = [];
  for (const route of routes) {
    for (const { body } of hostileBodies()) matrixStatuses.push(await send(`${api.baseUrl}${route.path}`, { method: route.method, headers: json, body }));
  }
  const toolCall = (fields: string) => `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"create_post","arguments":{${fields}}}}`;
  for (const { body } of hostileBodies(toolCall)) matrixStatuses.push(await send(mcpUrl, { method: 'POST', headers: mcpHeaders, body }));
  const form = new FormData();
  form.append('file', new Blob([Buffer.alloc(12 * 1024 * 1024, 7)], { type: 'image/png' }), 'big.png');
  matrixStatuses.push(await send(`${api.baseUrl}/posts/${uploadPost.id}/images/upload`, { method: 'POST', headers: { authorization: attacker.auth }, body: form }));
  const big = manyFields();
  for (let wave = 0; wave < 3; wave += 1) matrixStatuses.push(...(await Promise.all(Array.from({ length: 8 }, () => post(big)))));
  const fiveHundreds = matrixStatuses.filter((status) => status >= 500).length;
  const peak = api.peakRssMb();
  say('settling 15 s, then 45 s more');
  await sleep(15_000);
  const settled = api.rssMb();
  const heapAfter15 = await heapMb();
  await sleep(45_000);
  const settledLater = api.rssMb();
  const heapAfter60 = await heapMb();

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `hostile input against ${root ? `the API built at ${root}` : "this checkout's API"} (NODE_ENV=production, its own process), ${rounds} round(s), medians; the machine is shared`,
  );
  console.log(
    `500 made-up keys at once, one address: ${median(results.map((r) => r.lookups))} key lookups reached PostgreSQL (limit 30) [${results.map((r) => r.lookups).join(' / ')}]` +
      (results[0]?.counted === undefined ? '' : `; lps_api_key_lookups_total +${median(results.map((r) => r.counted ?? 0))}`) +
      `; answers ${results.map((r) => r.statuses).join(' | ')}`,
  );
  for (const name of Object.keys(results[0]?.cpu ?? {})) {
    console.log(`API CPU per ${name} body: ${ms(median(results.map((r) => r.cpu[name] ?? 0)))} [${results.map((r) => (r.cpu[name] ?? 0).toFixed(1)).join(' / ')}]`);
  }
  const p = (list: number[], at: number) => percentile(list, at);
  console.log(
    `another member's GET /me: alone p50 ${ms(median(results.map((r) => p(r.quiet, 50))))} p99 ${ms(median(results.map((r) => p(r.quiet, 99))))}; ` +
      `beside ${senders} senders of 100,000-field bodies p50 ${ms(median(results.map((r) => p(r.flood, 50))))} p99 ${ms(median(results.map((r) => p(r.flood, 99))))} ` +
      `max ${ms(median(results.map((r) => p(r.flood, 100))))} [p99 ${results.map((r) => p(r.flood, 99).toFixed(0)).join(' / ')}]; ` +
      `${median(results.map((r) => r.floodBodies / floodSeconds)).toFixed(1)} hostile bodies/s answered; ` +
      `answers other than 200: ${bystanderFailures.size === 0 ? 'none' : [...bystanderFailures].map(([status, count]) => `${count}×${status}`).join(' ')}`,
  );
  console.log(
    `hostile matrix: ${routes.length} routes × 7 bodies + 7 on /mcp + a 12 MB upload + 24 parallel 100,000-field bodies: ${matrixStatuses.length} answers, ${fiveHundreds} of them 5xx`,
  );
  console.log(
    `API RSS: idle ${idleRss.toFixed(0)} MB, peak across the whole run ${peak.toFixed(0)} MB (goal < 250), 15 s after the last request ${settled.toFixed(0)} MB (goal < 200), 60 s after ${settledLater.toFixed(0)} MB`,
  );
  console.log(`  after 15 s: ${heapAfter15}; after 60 s: ${heapAfter60}`);
} finally {
  await stats.end();
  await api.stop();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
  const redis = await connectRedis(loadRedisSettings(), 'producer');
  await deleteRedisKeys(redis, prefix);
  await redis.quit();
}
