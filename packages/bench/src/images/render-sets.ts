import { BuiltinImageProvider } from '@lps/ai/image';

// Child process of `npm run bench -- images`: renders N candidate sets the way the
// image worker does (builtin provider, 2 at a time) and prints one JSON line.
const sets = Number(process.argv[2] ?? 100);
const concurrency = Number(process.argv[3] ?? 2);
const provider = new BuiltinImageProvider();
const member = { displayName: 'Ada Lovelace', headline: 'Staff engineer', companyName: 'Acme' };
const body = 'We cut our deploy time in half — über Qualität, 中文 and 🚀.\n\nWe split the suite.\nWe cached dependencies.\nWe stopped building unused images.';

let next = 0;
let candidates = 0;
const started = process.hrtime.bigint();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < sets) {
      const seed = next++;
      candidates += (await provider.generate({ body, idea: null, scene: seed % 2 ? 'sunset over the sea' : null, member, seed })).length;
    }
  }),
);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
process.stdout.write(`${JSON.stringify({ sets, candidates, seconds, peakRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
