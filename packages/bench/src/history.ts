import { parseArgs } from 'node:util';
import type { LoadResult } from './posts/load.js';
import { addPosts, analyzeTables } from './reads/seed.js';
import { measureRead, num, pad, say, startReadsBench } from './reads/setup.js';

// `npm run bench -- history [--small 1000] [--large 1000000] [--duration 4] [--connections 50]`
// The same reads as `bench reads`, with a small and then a large history: one member's
// posts grow from 1,000 to 1,000,000 (10 % published, each with a snapshot), and another
// member has as many rows beside them. Prints p50/p99 at both sizes and the ratio
// large ÷ small of the p50. Goals: GET /analytics ≤ 2×, every other read ≤ 1.3×.
// Seeding a million posts per member takes a few minutes; the database is dropped at the end.
const { values } = parseArgs({ options: { small: { type: 'string', default: '1000' }, large: { type: 'string', default: '1000000' }, duration: { type: 'string', default: '4' }, connections: { type: 'string', default: '50' } } });
const small = Number(values.small);
const large = Number(values.large);
const durationSeconds = Number(values.duration);
const connections = Number(values.connections);
const CHUNK = 250_000;

const bench = await startReadsBench(small);
try {
  const measureAll = async (seconds: number): Promise<LoadResult[]> => {
    const results: LoadResult[] = [];
    for (const target of bench.targets) results.push(await measureRead(bench.api.baseUrl, target, { connections, durationSeconds: seconds, auth: bench.member.auth }));
    return results;
  };
  say('warming the API up (2 s per read, not measured)');
  await measureAll(2);
  say(`measuring with ${small.toLocaleString('en')} posts per member`);
  const before = await measureAll(durationSeconds);
  for (const memberId of [bench.member.memberId, bench.other.memberId]) {
    for (let from = small + 1; from <= large; from += CHUNK) {
      const count = Math.min(CHUNK, large - from + 1);
      say(`adding posts ${from.toLocaleString('en')}–${(from + count - 1).toLocaleString('en')} for ${memberId === bench.member.memberId ? 'the measured member' : 'the other member'}`);
      await addPosts(bench.seed, memberId, from, count);
    }
  }
  say('VACUUM ANALYZE');
  await analyzeTables(bench.seed);
  say('warming again (1 s per read)');
  await measureAll(1);
  say(`measuring with ${large.toLocaleString('en')} posts per member`);
  const after = await measureAll(durationSeconds);
  console.log(`reads at ${connections} connections, ${durationSeconds}s each: ${small.toLocaleString('en')} → ${large.toLocaleString('en')} posts of the member (10 % published with snapshots) and as many of another`);
  console.log(`${pad('read', 26)}${'small p50'.padStart(10)}${'p99'.padStart(8)}${'req/s'.padStart(8)}${'large p50'.padStart(10)}${'p99'.padStart(8)}${'req/s'.padStart(8)}${'p50 ×'.padStart(7)}`);
  before.forEach((result, i) => {
    const grown = after[i]!;
    console.log(`${pad(result.name, 26)}${num(result.p50Ms, 1, 10)}${num(result.p99Ms, 1, 8)}${num(result.requestsPerSecond, 0, 8)}${num(grown.p50Ms, 1, 10)}${num(grown.p99Ms, 1, 8)}${num(grown.requestsPerSecond, 0, 8)}${num(grown.p50Ms / Math.max(result.p50Ms, 0.1), 2, 7)}`);
  });
} finally {
  await bench.close();
}
