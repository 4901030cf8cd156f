import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadRedisSettings } from '@lps/config';
import { connectRedis } from '@lps/queue';
import { deleteRedisKeys } from '@lps/testing';
import { startApiProcess } from './posts/api-process.js';
import { createBenchDatabase } from './posts/bench-database.js';
import { readCpu } from './publish/process-cpu.js';
import { startBareServer } from './reads/bare-process.js';

// `npm run bench -- start [--rounds 10] [--root <another checkout>/]`
// What the API process spends before it can answer, as ops run it (services/api/dist/main.js):
// its CPU from the start to its first /health answer, then the CPU of its first GET /openapi.json
// (the document is built when first asked for). Baseline, in the same rounds and in turns: the
// bare Express 5 + pg server of the reads bench, to its first /health answer. CPU from /proc
// (10 ms ticks); medians. `--root` measures another checkout's build (before and after a change).

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '10' }, root: { type: 'string' } } });
const rounds = Number(values.rounds);
const cpuMsOf = (pid: number) => (readCpu({ process: () => [pid] }).process ?? 0) * 1_000;
const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] as number;

const database = await createBenchDatabase();
const prefix = `bench${randomBytes(4).toString('hex')}`;
const bare: number[] = [];
const api: number[] = [];
const document: number[] = [];
try {
  for (let round = 0; round < rounds; round += 1) {
    const baseline = await startBareServer({ DATABASE_URL: database.url, BENCH_MEMBER_ID: randomUUID() });
    bare.push(cpuMsOf(baseline.pid));
    await baseline.stop();

    const lps = await startApiProcess({ DATABASE_URL: database.url, LPS_REDIS_PREFIX: prefix }, values.root);
    const started = cpuMsOf(lps.pid);
    api.push(started);
    const answer = await fetch(`${lps.baseUrl}/openapi.json`);
    await answer.arrayBuffer();
    document.push(cpuMsOf(lps.pid) - started);
    await lps.stop();
  }
} finally {
  await database.drop();
  const redis = await connectRedis(loadRedisSettings(), 'producer');
  await deleteRedisKeys(redis, prefix);
  await redis.quit();
}
console.log(`start, ${rounds} rounds, CPU medians (ms):`);
console.log(`  baseline, bare Express 5 + pg to its first answer: ${median(bare).toFixed(0)}`);
console.log(
  `  the API to its first answer: ${median(api).toFixed(0)} (${(median(api) / median(bare)).toFixed(1)}× the baseline; rounds ${api.map((ms) => ms.toFixed(0)).join(' ')})`,
);
console.log(`  its first GET /openapi.json: ${median(document).toFixed(0)} (rounds ${document.map((ms) => ms.toFixed(0)).join(' ')})`);
