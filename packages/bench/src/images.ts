import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createDb, insertPost } from '@lps/db';
import { createBenchMember } from './bench-member.js';
import { hugePng } from '@lps/testing';
import { startMeasuredApi } from './images/api-child.js';
import { createBenchDatabase, startOnDatabase } from './posts/bench-database.js';

// `npm run bench -- images [--sets 100] [--uploads 50]`
// 1. builtin candidates per second and peak RSS of a process rendering N sets as the image worker does;
// 2. N concurrent 4 MB multipart uploads against the real API in a child process, with its peak RSS;
//    every `--huge-every`th of them is a 750 KB PNG declaring 16,000 × 16,000 pixels, which must be refused (422) undecoded.
const { values } = parseArgs({ options: { sets: { type: 'string', default: '100' }, uploads: { type: 'string', default: '50' }, 'huge-every': { type: 'string', default: '5' } } });
const sets = Number(values.sets);
const uploads = Number(values.uploads);
const hugeEvery = Number(values['huge-every']);

const render = spawnSync(process.execPath, [fileURLToPath(new URL('./images/render-sets.js', import.meta.url)), String(sets), '2'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
if (render.status !== 0) throw new Error('the render child failed');
const rendered = JSON.parse(render.stdout.trim()) as { sets: number; candidates: number; seconds: number; peakRssMb: number };
console.log(`render   ${rendered.sets} sets, ${rendered.candidates} candidates in ${rendered.seconds.toFixed(1)} s: ${(rendered.candidates / rendered.seconds).toFixed(1)} candidates/s, ${(rendered.sets / rendered.seconds).toFixed(2)} sets/s, peak RSS ${rendered.peakRssMb.toFixed(0)} MB`);

// A noise PNG barely compresses: ~4 MB on the wire and a real decode for the variants.
const side = 1150;
const upload = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
const huge = await hugePng(16_000, 16_000);
const isHuge = (index: number) => hugeEvery > 0 && index % hugeEvery === hugeEvery - 1;
const database = await createBenchDatabase();
const dataDir = await mkdtemp(join(tmpdir(), 'lps-bench-images-'));
const api = await startOnDatabase(database, () => startMeasuredApi({ DATABASE_URL: database.url, LPS_DATA_DIR: dataDir, LPS_REDIS_PREFIX: `bench${randomBytes(4).toString('hex')}`, LPS_RATE_LIMIT: '100000000/60' }));
try {
  const db = createDb(database.url);
  const { memberId, apiKey } = await createBenchMember(db, { displayName: 'Bench Member', headline: null, companyName: null });
  const posts = await Promise.all(Array.from({ length: uploads }, () => insertPost(db, { memberId, status: 'draft_saved', body: 'Bench post' })));
  await db.$disconnect();
  const idleRss = api.rssMb();
  const started = process.hrtime.bigint();
  const statuses = await Promise.all(
    posts.map(async (post, index) => {
      const form = new FormData();
      form.append('file', new Blob([isHuge(index) ? huge : upload], { type: 'image/png' }), 'bench.png');
      const response = await fetch(`${api.baseUrl}/posts/${post.id}/images/upload`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}` }, body: form });
      await response.arrayBuffer();
      return { status: response.status, huge: isHuge(index) };
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const normal = statuses.filter((answer) => !answer.huge);
  const hugeOnes = statuses.filter((answer) => answer.huge);
  const ok = normal.filter((answer) => answer.status === 201).length;
  const refused = hugeOnes.filter((answer) => answer.status === 422).length;
  const megabytes = (upload.length * normal.length + huge.length * hugeOnes.length) / 1024 / 1024;
  console.log(`upload   ${uploads} concurrent: ${normal.length} × ${(upload.length / 1024 / 1024).toFixed(2)} MB PNG, ${ok} answered 201; ${hugeOnes.length} × 16,000² PNG (${(huge.length / 1024).toFixed(0)} KB), ${refused} answered 422; in ${seconds.toFixed(1)} s, ${(megabytes / seconds).toFixed(1)} MB/s, ${(uploads / seconds).toFixed(1)} uploads/s (each stored + 2 fitted variants)`);
  console.log(`api RSS  idle ${idleRss.toFixed(0)} MB, peak ${api.peakRssMb().toFixed(0)} MB (goal: under 200 MB)`);

  // 3. The overlay attack: 50 posts, each with a 6,000 × 6,000 upload (just under LinkedIn's pixel limit),
  //    then 50 select-image requests with the overlay at once (distinct posts, so no overlay is reused).
  const bigSide = 6_000;
  const big = await sharp({ create: { width: bigSide, height: bigSide, channels: 3, background: '#336699' } }).png().toBuffer();
  const overlayPosts = posts.slice(0, uploads);
  for (const post of overlayPosts) {
    const form = new FormData();
    form.append('file', new Blob([big], { type: 'image/png' }), 'big.png');
    const response = await fetch(`${api.baseUrl}/posts/${post.id}/images/upload`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}` }, body: form });
    await response.arrayBuffer();
  }
  api.resetPeak();
  const overlayIdle = api.rssMb();
  const overlayStarted = process.hrtime.bigint();
  const overlayStatuses = await Promise.all(
    overlayPosts.map(async (post) => {
      const response = await fetch(`${api.baseUrl}/posts/${post.id}/select-image`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ image_index: 0, use_overlay: true }),
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const overlaySeconds = Number(process.hrtime.bigint() - overlayStarted) / 1e9;
  console.log(`overlay  ${overlayPosts.length} concurrent select-image with overlay on ${bigSide}×${bigSide} uploads: ${overlayStatuses.filter((status) => status === 200).length} answered 200 in ${overlaySeconds.toFixed(1)} s; api RSS before ${overlayIdle.toFixed(0)} MB, peak ${api.peakRssMb().toFixed(0)} MB (goal: under 200 MB)`);
} finally {
  await api.stop();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
