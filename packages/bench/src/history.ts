import { parseArgs } from 'node:util';
import type { LoadResult } from './posts/load.js';
import { measureRead, median, num, pad, say, startReadsBench } from './reads/setup.js';

// `npm run bench -- history [--small 1000] [--large 1000000] [--duration 4] [--connections 50] [--rounds 3]`
// The same reads as `bench reads` on two databases side by side: one where the member has
// 1,000 posts and one where they have 1,000,000 (10 % published, each with a snapshot),
// each with another member of as many rows, each with its own API process. Each read is
// measured on the small and the large one in turns, `rounds` times, so both see the
// same moments of a shared machine; prints the medians of p50/p99 and the ratio
// large ÷ small of the p50. Goals: GET /analytics ≤ 2×, every other read ≤ 1.3×.
// Seeding two million posts takes a few minutes; both databases are dropped at the end.
const { values } = parseArgs({
  options: {
    small: { type: 'string', default: '1000' },
    large: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '4' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
  },
});
const durationSeconds = Number(values.duration);
const connections = Number(values.connections);
const rounds = Number(values.rounds);

const small = await startReadsBench(Number(values.small));
try {
  const large = await startReadsBench(Number(values.large));
  try {
    const sides = [small, large] as const;
    const measure = (side: (typeof sides)[number], index: number, seconds: number) =>
      measureRead(side.api.baseUrl, side.targets[index]!, { connections, durationSeconds: seconds, auth: side.member.auth });
    say('warming both APIs up (2 s per read each, not measured)');
    for (let i = 0; i < small.targets.length; i += 1) for (const side of sides) await measure(side, i, 2);
    const results = small.targets.map(() => ({ small: [] as LoadResult[], large: [] as LoadResult[] }));
    for (let round = 1; round <= rounds; round += 1) {
      say(`round ${round} of ${rounds}: ${durationSeconds}s per read, small and large in turns`);
      for (let i = 0; i < small.targets.length; i += 1) {
        // Which goes first alternates by round: neither side always meets a just-busy machine.
        const order = round % 2 ? (['small', 'large'] as const) : (['large', 'small'] as const);
        for (const which of order) results[i]![which].push(await measure(which === 'small' ? small : large, i, durationSeconds));
      }
    }
    console.log(
      `reads at ${connections} connections, ${rounds} rounds of ${durationSeconds}s in turns (medians): ${values.small} vs ${values.large} posts of the member (10 % published with snapshots) and as many of another`,
    );
    console.log(
      `${pad('read', 26)}${'small p50'.padStart(10)}${'p99'.padStart(8)}${'req/s'.padStart(8)}${'large p50'.padStart(10)}${'p99'.padStart(8)}${'req/s'.padStart(8)}${'p50 ×'.padStart(7)}  rounds`,
    );
    small.targets.forEach((target, i) => {
      const { small: before, large: after } = results[i]!;
      const p50 = (list: LoadResult[]) => median(list.map((result) => result.p50Ms));
      const perRound = after.map((result, r) => (result.p50Ms / Math.max(before[r]!.p50Ms, 0.1)).toFixed(2)).join(' / ');
      console.log(
        `${pad(target.name, 26)}${num(p50(before), 1, 10)}${num(median(before.map((r) => r.p99Ms)), 1, 8)}${num(median(before.map((r) => r.requestsPerSecond)), 0, 8)}` +
          `${num(p50(after), 1, 10)}${num(median(after.map((r) => r.p99Ms)), 1, 8)}${num(median(after.map((r) => r.requestsPerSecond)), 0, 8)}${num(p50(after) / Math.max(p50(before), 0.1), 2, 7)}  [${perRound}]`,
      );
    });
  } finally {
    await large.close();
  }
} finally {
  await small.close();
}
