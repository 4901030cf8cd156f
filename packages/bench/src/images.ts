import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createDb, insertPost } from '@lps/db';
import { hugePng, pdfBomb } from '@lps/testing';
import { createBenchMember } from './bench-member.js';
import { startMeasuredApi } from './images/api-child.js';
import { imageServiceLimitMb, startMeasuredImageService } from './images/image-child.js';
import { inTurn, latencies, selectWithOverlay, statusCounts, uploadFile, type Answer } from './images/image-requests.js';
import { createBenchDatabase, startOnDatabase } from './posts/bench-database.js';

// `npm run bench -- images [--sets 100] [--uploads 50] [--huge-every 5] [--alone 10] [--b-uploads 10]`
// 1. builtin candidates per second and peak RSS of a process rendering N sets as the image worker does;
// then the API and the image service, each in a child process of its own as deployed, with their peak RSS per phase:
// 2. alone: upload and select-image (overlay on a 6,000² upload) latency, one request at a time;
// 3. N concurrent 4 MB multipart uploads; every `--huge-every`th is a 750 KB PNG declaring 16,000² pixels (must be 422);
// 4. N concurrent select-image with overlay on 6,000² uploads;
// 5. member A's storm of N overlays while member B uploads small images one after another: B's latency;
// 6. hostile files: three PDFs inflating to 256 MB each and ten 16,000² PNGs at once; both processes must survive.
const { values } = parseArgs({
  options: {
    sets: { type: 'string', default: '100' },
    uploads: { type: 'string', default: '50' },
    'huge-every': { type: 'string', default: '5' },
    alone: { type: 'string', default: '10' },
    'b-uploads': { type: 'string', default: '10' },
  },
});
const sets = Number(values.sets);
const uploads = Number(values.uploads);
const hugeEvery = Number(values['huge-every']);
const alone = Number(values.alone);
const bUploads = Number(values['b-uploads']);

const render = spawnSync(process.execPath, [fileURLToPath(new URL('./images/render-sets.js', import.meta.url)), String(sets), '2'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (render.status !== 0) throw new Error('the render child failed');
const rendered = JSON.parse(render.stdout.trim()) as { sets: number; candidates: number; seconds: number; peakRssMb: number };
console.log(
  `render   ${rendered.sets} sets, ${rendered.candidates} candidates in ${rendered.seconds.toFixed(1)} s: ${(rendered.candidates / rendered.seconds).toFixed(1)} candidates/s, ${(rendered.sets / rendered.seconds).toFixed(2)} sets/s, peak RSS ${rendered.peakRssMb.toFixed(0)} MB`,
);

// A noise PNG barely compresses: ~4 MB on the wire and a real decode for the variants.
const side = 1150;
const upload = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
  .png({ compressionLevel: 1 })
  .toBuffer();
const small = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } })
  .png()
  .toBuffer();
const bigSide = 6_000;
const big = await sharp({ create: { width: bigSide, height: bigSide, channels: 3, background: '#336699' } })
  .png()
  .toBuffer();
const huge = await hugePng(16_000, 16_000);
const bomb = await pdfBomb(256 * 1024 * 1024);
const isHuge = (index: number) => hugeEvery > 0 && index % hugeEvery === hugeEvery - 1;

const database = await createBenchDatabase();
const dataDir = await mkdtemp(join(tmpdir(), 'lps-bench-images-'));
// One public base for both processes, as a deployment configures it: a file URL one writes, the other must recognise.
const PUBLIC_BASE_URL = 'http://lps-bench.local';
const env = { DATABASE_URL: database.url, LPS_DATA_DIR: dataDir, PUBLIC_BASE_URL, LPS_REDIS_PREFIX: `bench${randomBytes(4).toString('hex')}`, LPS_RATE_LIMIT: '100000000/60' };
const image = await startOnDatabase(database, () => startMeasuredImageService(env));
const api = await startMeasuredApi(env).catch(async (error: unknown) => {
  await image.stop();
  await database.drop();
  throw error;
});
const limitMb = imageServiceLimitMb();
const peakOf = (process: { peakRssMb(): number; alive(): boolean }) => (process.alive() ? `${process.peakRssMb().toFixed(0)} MB` : 'DIED');
const resetPeaks = () => [api, image].forEach((process) => process.alive() && process.resetPeak());
const peaks = () => `api RSS peak ${peakOf(api)}, image service RSS peak ${peakOf(image)} (its Kubernetes limit ${limitMb} MB)`;
try {
  const db = createDb(database.url);
  const memberA = await createBenchMember(db, { displayName: 'Bench Member A', headline: null, companyName: null });
  const memberB = await createBenchMember(db, { displayName: 'Bench Member B', headline: null, companyName: null });
  const newPosts = (memberId: string, count: number) =>
    Promise.all(Array.from({ length: count }, (_, index) => insertPost(db, { memberId, status: 'draft_saved', body: `Bench post ${index}: what a year of shipping taught us` })));
  // Overlays are drawn on 6,000² images the image service has never seen (written to the store as an earlier upload
  // would have left them): libvips' cache, which would serve an overlay drawn right after its upload, plays no part.
  const postsWithBigImages = async (count: number) => {
    const posts = await newPosts(memberA.memberId, count);
    for (const post of posts) {
      const key = `${memberA.memberId}/${post.id}/upload-bench.png`;
      await mkdir(join(dataDir, 'files', memberA.memberId, post.id), { recursive: true });
      await writeFile(join(dataDir, 'files', key), big);
      const candidate = { base_url: `${PUBLIC_BASE_URL}/files/${key}`, width: bigSide, height: bigSide, kind: 'image', source: 'upload' };
      await db.post.update({ where: { id: post.id }, data: { imageCandidates: [candidate] } });
    }
    return posts;
  };

  // 2. One request at a time: the latency a member sees on an idle service.
  const aloneUploads = await inTurn(await newPosts(memberA.memberId, alone), (post) => uploadFile(api.baseUrl, memberA.auth, post.id, upload, 'bench.png', 'image/png'));
  const aloneSelects = await inTurn(await postsWithBigImages(alone), (post) => selectWithOverlay(api.baseUrl, memberA.auth, post.id));
  console.log(
    `alone    ${alone} uploads of 4 MB one at a time: ${statusCounts(aloneUploads)}, ${latencies(aloneUploads).text}; ${alone} select-image with overlay on 6,000² uploads: ${statusCounts(aloneSelects)}, ${latencies(aloneSelects).text}`,
  );

  // 3. The upload burst.
  const posts = await newPosts(memberA.memberId, uploads);
  resetPeaks();
  const idleRss = api.rssMb();
  const started = process.hrtime.bigint();
  const answers = await Promise.all(posts.map((post, index) => uploadFile(api.baseUrl, memberA.auth, post.id, isHuge(index) ? huge : upload, 'bench.png', 'image/png')));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const normal = answers.filter((_, index) => !isHuge(index));
  const hugeOnes = answers.filter((_, index) => isHuge(index));
  const megabytes = (upload.length * normal.length + huge.length * hugeOnes.length) / 1024 / 1024;
  console.log(
    `upload   ${uploads} concurrent: ${normal.length} × ${(upload.length / 1024 / 1024).toFixed(2)} MB PNG: ${statusCounts(normal)}, ${latencies(normal).text}; ${hugeOnes.length} × 16,000² PNG (${(huge.length / 1024).toFixed(0)} KB): ${statusCounts(hugeOnes)}; in ${seconds.toFixed(1)} s, ${(megabytes / seconds).toFixed(1)} MB/s, ${(uploads / seconds).toFixed(1)} uploads/s`,
  );
  console.log(`         api RSS idle ${idleRss.toFixed(0)} MB; ${peaks()} (goal: api ≤ 150 MB)`);

  // 4. The overlay burst: distinct posts, so no overlay is reused.
  const overlayPosts = await postsWithBigImages(uploads);
  resetPeaks();
  const overlayStarted = process.hrtime.bigint();
  const overlays = await Promise.all(overlayPosts.map((post) => selectWithOverlay(api.baseUrl, memberA.auth, post.id)));
  const overlaySeconds = Number(process.hrtime.bigint() - overlayStarted) / 1e9;
  console.log(
    `overlay  ${uploads} concurrent select-image with overlay on ${bigSide}×${bigSide} uploads: ${statusCounts(overlays)} in ${overlaySeconds.toFixed(1)} s, ${latencies(overlays).text}`,
  );
  console.log(`         ${peaks()} (goal: api ≤ 150 MB)`);

  // 5. Member A's storm of overlays on images never drawn before, member B's small uploads meanwhile.
  const stormPosts = await postsWithBigImages(uploads);
  const bPosts = await newPosts(memberB.memberId, bUploads);
  const storm = Promise.all(stormPosts.map((post) => selectWithOverlay(api.baseUrl, memberA.auth, post.id)));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const bAnswers = await inTurn(bPosts, (post) => uploadFile(api.baseUrl, memberB.auth, post.id, small, 'small.png', 'image/png'));
  const stormAnswers: Answer[] = await storm;
  const b = latencies(bAnswers);
  console.log(
    `fairness member A: ${uploads} overlays at once (${statusCounts(stormAnswers)}, ${latencies(stormAnswers).text}); member B meanwhile: ${bUploads} uploads of 640×480 one at a time: ${statusCounts(bAnswers)}, ${b.text} (goal: B's p99 ≤ 2,000 ms)${b.p99 <= 2_000 ? ' OK' : ' ABOVE GOAL'}`,
  );

  // 6. Hostile files at once.
  const hostilePosts = await newPosts(memberA.memberId, 13);
  resetPeaks();
  const hostile = await Promise.all(
    hostilePosts.map((post, index) =>
      index < 3
        ? uploadFile(api.baseUrl, memberA.auth, post.id, bomb, 'bomb.pdf', 'application/pdf')
        : uploadFile(api.baseUrl, memberA.auth, post.id, huge, 'huge.png', 'image/png'),
    ),
  );
  await db.$disconnect();
  console.log(
    `hostile  3 × PDF of ${(bomb.length / 1024).toFixed(0)} KB inflating to 256 MB: ${statusCounts(hostile.slice(0, 3))}; 10 × 16,000² PNG: ${statusCounts(hostile.slice(3))}`,
  );
  console.log(`         ${peaks()}; api ${api.alive() ? 'alive' : 'DIED'}, image service ${image.alive() ? 'alive' : 'DIED'}`);
} finally {
  await api.stop();
  await image.stop();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
