import { parseArgs } from 'node:util';
import type { LoadResult } from './posts/load.js';
import { cpuPerItem, readCpu } from './publish/process-cpu.js';
import { startBareServer } from './reads/bare-process.js';
import { measureRead, median, num, pad, say, startReadsBench } from './reads/setup.js';

// `npm run bench -- reads [--duration 4] [--connections 50] [--rounds 3] [--posts 1000] [--only '/analytics,/me']`
// Each frequent read of the API (issue 18) at 50 connections against a bare Express 5 + pg
// handler doing the same lookup (reads/bare-server.ts), both in child processes on the same
// database, in turns: lps, bare, lps, bare… for `rounds` rounds. Prints the medians, the
// throughput ratio lps ÷ bare and both p99s. Goals: GET /posts/{id} and GET /posts?limit=20
// ≥ 0.5× the bare handler with a p99 ≤ 2× its p99. The API's CPU per answer is printed too: on a
// machine whose throughput swings from round to round, it is the steadier figure to compare builds by.
// `--only` keeps the reads whose name ends with one of its comma-separated texts, to look at one
// closely (`/me` is GET /me alone; `/analytics` takes GET /posts/{id}/analytics and GET /analytics).
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '4' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    posts: { type: 'string', default: '1000' },
    only: { type: 'string' },
  },
});
const durationSeconds = Number(values.duration);
const connections = Number(values.connections);
const rounds = Number(values.rounds);

const bench = await startReadsBench(Number(values.posts));
if (values.only) {
  const endings = values.only.split(',').map((text) => text.trim());
  bench.targets = bench.targets.filter((target) => endings.some((ending) => target.name.endsWith(ending)));
}
try {
  if (bench.targets.length === 0) throw new Error(`--only ${values.only} names none of the reads`);
  const bare = await startBareServer({ DATABASE_URL: bench.database.url, BENCH_MEMBER_ID: bench.member.memberId });
  try {
    const apiProcess = { api: () => [bench.api.pid] };
    /** One load run against lps, with the API process's CPU per answer (µs) in `cpuMicros`. */
    const lps = async (target: (typeof bench.targets)[number], seconds: number) => {
      const before = readCpu(apiProcess);
      const result = await measureRead(bench.api.baseUrl, target, { connections, durationSeconds: seconds, auth: bench.member.auth });
      return { ...result, cpuMicros: (cpuPerItem(before, readCpu(apiProcess), result.total).api ?? 0) * 1000 };
    };
    const baseline = (target: (typeof bench.targets)[number], seconds: number) => measureRead(bare.baseUrl, target, { connections, durationSeconds: seconds });
    say('warming both servers up (2 s per read each, not measured)');
    for (const target of bench.targets) {
      await lps(target, 2);
      await baseline(target, 2);
    }
    const results = new Map<string, { lps: (LoadResult & { cpuMicros: number })[]; bare: LoadResult[] }>(bench.targets.map((target) => [target.name, { lps: [], bare: [] }]));
    for (let round = 1; round <= rounds; round += 1) {
      say(`round ${round} of ${rounds}: ${durationSeconds}s per read, lps then bare`);
      for (const target of bench.targets) {
        const entry = results.get(target.name)!;
        entry.lps.push(await lps(target, durationSeconds));
        entry.bare.push(await baseline(target, durationSeconds));
      }
    }
    console.log(`reads at ${connections} connections, ${rounds} rounds of ${durationSeconds}s in turns (medians; lps ÷ bare of each round in brackets)`);
    console.log(
      `${pad('read', 26)}${'lps req/s'.padStart(10)}${'bare req/s'.padStart(11)}${'ratio'.padStart(7)}${'lps p99'.padStart(9)}${'bare p99'.padStart(9)}${'p99 ×'.padStart(7)}${'API µs/req'.padStart(11)}  rounds`,
    );
    for (const [name, entry] of results) {
      const lpsRate = median(entry.lps.map((result) => result.requestsPerSecond));
      const bareRate = median(entry.bare.map((result) => result.requestsPerSecond));
      const lpsP99 = median(entry.lps.map((result) => result.p99Ms));
      const bareP99 = median(entry.bare.map((result) => result.p99Ms));
      const cpuMicros = median(entry.lps.map((result) => result.cpuMicros));
      const perRound = entry.lps.map((result, i) => (result.requestsPerSecond / entry.bare[i]!.requestsPerSecond).toFixed(2)).join(' / ');
      console.log(
        `${pad(name, 26)}${num(lpsRate, 0, 10)}${num(bareRate, 0, 11)}${num(lpsRate / bareRate, 2, 7)}${num(lpsP99, 1, 9)}${num(bareP99, 1, 9)}${num(lpsP99 / Math.max(bareP99, 0.1), 2, 7)}${num(cpuMicros, 0, 11)}  [${perRound}]`,
      );
    }
  } finally {
    await bare.stop();
  }
} finally {
  await bench.close();
}
