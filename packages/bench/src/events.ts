import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadRedisSettings } from '@lps/config';
import { newOpaqueToken } from '@lps/crypto';
import { connectRedis } from '@lps/queue';
import { deleteRedisKeys, freePort } from '@lps/testing';
import { createBenchDatabase, startOnDatabase } from './posts/bench-database.js';
import { startAllProcess } from './posts/api-process.js';
import { median, say } from './reads/setup.js';
import { percentile } from './publish/concurrency.js';

// `npm run bench -- events [--streams 200] [--seconds 30]`
// The dashboard's live event streams (decision 0039) as `npm start` serves them
// (`services/all/dist/main.js`, every worker beside the API, default LPS_EVENTS_POLL_INTERVAL):
//  1. `seconds` with no stream open, then `seconds` with `streams` idle streams (ten per member,
//     each member signed in by a one-time link): the server process's CPU (/proc) and the
//     transactions PostgreSQL counted on the bench database (pg_stat_database), per second —
//     what the idle streams add is the difference;
//  2. twenty events, one at a time and at random moments: from the answer of the request that made
//     each (an approval) to its arrival on the member's stream.
const { values } = parseArgs({ options: { streams: { type: 'string', default: '200' }, seconds: { type: 'string', default: '30' } } });
const STREAMS = Number(values.streams);
const SECONDS = Number(values.seconds);
const PER_MEMBER = 10;

const prefix = `benchev${randomBytes(3).toString('hex')}`;
const database = await createBenchDatabase();
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const service = await startOnDatabase(database, () =>
  startAllProcess(port, { DATABASE_URL: database.url, LPS_REDIS_PREFIX: prefix, LPS_RATE_LIMIT: '1000000/60', LPS_SIGN_IN_LIMIT: '1000/60' }),
);
const pool = new pg.Pool({ connectionString: database.url, max: 2 });

/** The server's CPU time so far, in ms (utime + stime, clock ticks of 10 ms). */
const cpuMs = () => {
  const fields = readFileSync(`/proc/${service.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const transactions = async () =>
  Number((await pool.query<{ n: string }>('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()')).rows[0]?.n);

/**
 * PostgreSQL's backends report their counts when idle for 10 s at the latest (PGSTAT_IDLE_INTERVAL):
 * a window opened right after the streams were opened would count their sign-ins too.
 */
const STATS_SETTLE_MS = 12_000;

async function window(label: string): Promise<{ cpu: number; tx: number }> {
  await new Promise((resolve) => setTimeout(resolve, STATS_SETTLE_MS));
  const [cpu0, tx0] = [cpuMs(), await transactions()];
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const [cpu1, tx1] = [cpuMs(), await transactions()];
  // The statistics of this bench's own two reads are in the count: one each end.
  const result = { cpu: (cpu1 - cpu0) / SECONDS / 10, tx: (tx1 - tx0 - 2) / SECONDS };
  say(`${label}: server CPU ${result.cpu.toFixed(2)} % of a core, ${result.tx.toFixed(2)} transactions/s on the database`);
  return result;
}

/** A member, signed in as a browser would be through a one-time link: the session cookie. */
async function signedInMember(name: string): Promise<{ memberId: string; cookie: string }> {
  const member = await pool.query<{ id: string }>('INSERT INTO members (id, display_name, updated_at) VALUES (gen_random_uuid(), $1, now()) RETURNING id', [name]);
  const memberId = member.rows[0]!.id;
  await pool.query("INSERT INTO network_connections (member_id, provider, connected_at, updated_at) VALUES ($1, 'sandbox', now(), now())", [memberId]);
  const { token, hash } = newOpaqueToken();
  await pool.query("INSERT INTO sign_in_links (id, member_id, token_hash, expires_at) VALUES (gen_random_uuid(), $1, $2, now() + interval '10 minutes')", [memberId, hash]);
  const answer = await fetch(`${origin}/dashboard/api/sign-in/link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ token }),
  });
  const cookie = answer.headers
    .getSetCookie()
    .find((line) => line.startsWith('__Host-lps_session='))
    ?.split(';')[0];
  if (answer.status !== 204 || !cookie) throw new Error(`sign-in link answered ${answer.status}`);
  return { memberId, cookie };
}

/** An open stream: calls `onEvent` with each event's type as it arrives. */
function openStream(cookie: string, onEvent: (type: string) => void): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/dashboard/api/events`, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`events answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const type = /^event: (.+)$/m.exec(buffer.slice(0, end))?.[1];
          buffer = buffer.slice(end + 2);
          if (type) onEvent(type);
        }
      });
      res.on('error', () => undefined);
      resolve(() => req.destroy());
    });
    req.on('error', reject);
    req.end();
  });
}

const closers: Array<() => void> = [];
try {
  say(`idle: ${SECONDS} s without a stream`);
  const idle = await window('no stream');
  say(`opening ${STREAMS} streams (${PER_MEMBER} per member)`);
  const members = [];
  for (let i = 0; i < Math.ceil(STREAMS / PER_MEMBER); i += 1) members.push(await signedInMember(`Bench ${i}`));
  for (let i = 0; i < STREAMS; i += 1) closers.push(await openStream(members[i % members.length]!.cookie, () => undefined));
  const open = await window(`${STREAMS} idle streams`);

  say('latency: 20 approvals, each awaited on its member’s stream');
  const first = await signedInMember('Bench latency');
  let arrived: (() => void) | undefined;
  closers.push(await openStream(first.cookie, (type) => type === 'post.approved' && arrived?.()));
  const latencies: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    // Waiting for each arrival would start every approval just after a poll: a random pause spreads them over the interval.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 1_500));
    const post = await pool.query<{ id: string }>(
      "INSERT INTO posts (id, member_id, body, status, updated_at) VALUES (gen_random_uuid(), $1, 'Bench', 'draft_saved', now()) RETURNING id",
      [first.memberId],
    );
    const seen = new Promise<void>((resolve) => (arrived = resolve));
    const answer = await fetch(`${origin}/dashboard/api/v1/posts/${post.rows[0]!.id}/approve`, {
      method: 'POST',
      headers: { cookie: first.cookie, 'sec-fetch-site': 'same-origin' },
    });
    const answeredAt = performance.now();
    if (answer.status !== 200) throw new Error(`approve answered ${answer.status}`);
    await seen;
    latencies.push(performance.now() - answeredAt);
  }
  console.log(`live event streams, ${SECONDS} s windows, services/all (npm start) with LPS_EVENTS_POLL_INTERVAL at its default`);
  console.log(`  no stream:          server CPU ${idle.cpu.toFixed(2)} % of a core, database ${idle.tx.toFixed(2)} transactions/s`);
  console.log(`  ${String(STREAMS).padStart(3)} idle streams:  server CPU ${open.cpu.toFixed(2)} % of a core, database ${open.tx.toFixed(2)} transactions/s`);
  console.log(`  added by the streams: ${(open.cpu - idle.cpu).toFixed(2)} % of a core, ${(open.tx - idle.tx).toFixed(2)} transactions/s`);
  console.log(
    `  event latency (approval answered → on the stream), 20 events: median ${median(latencies).toFixed(0)} ms, p95 ${percentile(
      [...latencies].sort((a, b) => a - b),
      95,
    ).toFixed(0)} ms`,
  );
} finally {
  for (const close of closers) close();
  await pool.end();
  await service.stop();
  await database.drop();
  const redis = await connectRedis(loadRedisSettings(), 'producer');
  await deleteRedisKeys(redis, prefix);
  await redis.quit();
}
