import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { generateApiKey } from '@lps/crypto';
import { createDb, createMember, insertApiKey, insertPost } from '@lps/db';
import { startMeasuredApi } from './images/api-child.js';
import { createBenchDatabase, startOnDatabase } from './posts/bench-database.js';

// `npm run bench -- images [--sets 100] [--uploads 50]`
// 1. builtin candidates per second and peak RSS of a process rendering N sets as the image worker does;
// 2. N concurrent 4 MB multipart uploads against the real API in a child process, with its peak RSS.
const { values } = parseArgs({ options: { sets: { type: 'string', default: '100' }, uploads: { type: 'string', default: '50' } } });
const sets = Number(values.sets);
const uploads = Number(values.uploads);

const render = spawnSync(process.execPath, [fileURLToPath(new URL('./images/render-sets.js', import.meta.url)), String(sets), '2'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
if (render.status !== 0) throw new Error('the render child failed');
const rendered = JSON.parse(render.stdout.trim()) as { sets: number; candidates: number; seconds: number; peakRssMb: number };
console.log(`render   ${rendered.sets} sets, ${rendered.candidates} candidates in ${rendered.seconds.toFixed(1)} s: ${(rendered.candidates / rendered.seconds).toFixed(1)} candidates/s, ${(rendered.sets / rendered.seconds).toFixed(2)} sets/s, peak RSS ${rendered.peakRssMb.toFixed(0)} MB`);

// A noise PNG barely compresses: ~4 MB on the wire and a real decode for the variants.
const side = 1150;
const upload = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
const database = await createBenchDatabase();
const dataDir = await mkdtemp(join(tmpdir(), 'lps-bench-images-'));
const api = await startOnDatabase(database, () => startMeasuredApi({ DATABASE_URL: database.url, LPS_DATA_DIR: dataDir, LPS_REDIS_PREFIX: `bench${randomBytes(4).toString('hex')}`, LPS_RATE_LIMIT: '100000000/60' }));
try {
  const db = createDb(database.url);
  const member = await createMember(db, { displayName: 'Bench Member', headline: null, companyName: null }, 'sandbox');
  const key = generateApiKey();
  await insertApiKey(db, { memberId: member.id, keyHash: key.keyHash, last4: key.last4 });
  const posts = await Promise.all(Array.from({ length: uploads }, () => insertPost(db, { memberId: member.id, status: 'draft_saved', body: 'Bench post' })));
  await db.$disconnect();
  const idleRss = api.rssMb();
  const started = process.hrtime.bigint();
  const statuses = await Promise.all(
    posts.map(async (post) => {
      const form = new FormData();
      form.append('file', new Blob([upload], { type: 'image/png' }), 'bench.png');
      const response = await fetch(`${api.baseUrl}/posts/${post.id}/images/upload`, { method: 'POST', headers: { authorization: `Bearer ${key.apiKey}` }, body: form });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const ok = statuses.filter((status) => status === 201).length;
  const megabytes = (upload.length * uploads) / 1024 / 1024;
  console.log(`upload   ${uploads} concurrent × ${(upload.length / 1024 / 1024).toFixed(2)} MB PNG: ${ok}/${uploads} answered 201 in ${seconds.toFixed(1)} s, ${(megabytes / seconds).toFixed(1)} MB/s, ${(uploads / seconds).toFixed(1)} uploads/s (each stored + 2 fitted variants)`);
  console.log(`api RSS  idle ${idleRss.toFixed(0)} MB, peak ${api.peakRssMb().toFixed(0)} MB (goal: under 200 MB)`);
} finally {
  await api.stop();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
