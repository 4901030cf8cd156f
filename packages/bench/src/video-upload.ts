import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { createDb, insertPost } from '@lps/db';
import { mp4Stream, startLoopbackServer } from '@lps/testing';
import { createBenchMember } from './bench-member.js';
import { startMeasuredApi } from './images/api-child.js';
import { startMeasuredImageService } from './images/image-child.js';
import { createBenchDatabase, startOnDatabase } from './posts/bench-database.js';

// `npm run bench -- video-upload [--mb 200]`
// The API's memory while a member uploads one large MP4 (decision 0021): the API and the image service each in a
// child process of their own, as deployed (services/*/dist/main.js, production mode). The video is a valid MP4 whose
// media data is zeros (a sparse file, nothing downloaded), sent once as multipart (the body streamed, never built)
// and once fetched by the API from image_url. Reports the API's RSS before, at its peak (VmHWM) and after each.
const { values } = parseArgs({ options: { mb: { type: 'string', default: '200' } } });
const mdatBytes = Number(values.mb) * 1024 * 1024;
const movie = () => mp4Stream({ durationSeconds: 600, width: 1920, height: 1080, moovAtEnd: true, mdatBytes });
const size = movie().size;

/** POST a multipart body with one `file` part, streamed from `file` with an exact Content-Length. */
function uploadStreamed(url: string, auth: string, file: Readable, fileSize: number): Promise<{ status: number; body: string }> {
  const boundary = `lps-bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      { method: 'POST', headers: { authorization: auth, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + fileSize + tail.length } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    sent.on('error', reject);
    sent.write(head);
    file.on('end', () => sent.end(tail));
    file.pipe(sent, { end: false });
  });
}

const database = await createBenchDatabase();
const dataDir = await mkdtemp(join(tmpdir(), 'lps-bench-video-'));
const PUBLIC_BASE_URL = 'http://lps-bench.local';
const env = {
  DATABASE_URL: database.url,
  LPS_DATA_DIR: dataDir,
  PUBLIC_BASE_URL,
  LPS_REDIS_PREFIX: `bench${randomBytes(4).toString('hex')}`,
  LPS_RATE_LIMIT: '100000000/60',
  LPS_ALLOW_PRIVATE_URLS: '1',
  LPS_UPLOAD_FETCH_TIMEOUT: '5m',
  LPS_IMAGE_WAIT: '2m',
  // Production mode, as deployed (it then insists on an encryption key).
  NODE_ENV: 'production',
  LPS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};
const origin = await startLoopbackServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': size });
  movie().stream.pipe(res);
});
const image = await startOnDatabase(database, () => startMeasuredImageService(env));
const api = await startMeasuredApi(env).catch(async (error: unknown) => {
  await image.stop();
  await database.drop();
  throw error;
});

/** One upload, with the API's RSS sampled every 50 ms and its peak read from the kernel (VmHWM). */
async function measured(label: string, send: () => Promise<{ status: number; body: string }>) {
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  api.resetPeak();
  const before = api.rssMb();
  let sampledMax = before;
  const sampler = setInterval(() => (sampledMax = Math.max(sampledMax, api.rssMb())), 50);
  const started = process.hrtime.bigint();
  const answer = await send();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  const peak = api.peakRssMb();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const after = api.rssMb();
  const candidate =
    answer.status === 201 ? (JSON.parse(answer.body) as { candidates: Array<{ width: number; height: number; duration_seconds: number }> }).candidates[0] : undefined;
  const outcome = candidate ? `201 (${candidate.width}×${candidate.height}, ${candidate.duration_seconds} s)` : `${answer.status} ${answer.body.slice(0, 200)}`;
  console.log(
    `${label.padEnd(9)} ${(size / 1024 / 1024).toFixed(0)} MB MP4 (moov at the end): ${outcome} in ${seconds.toFixed(1)} s, ${(size / 1024 / 1024 / seconds).toFixed(0)} MB/s`,
  );
  console.log(`          api RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (sampled max ${sampledMax.toFixed(0)} MB), after ${after.toFixed(0)} MB`);
}

try {
  const db = createDb(database.url);
  const member = await createBenchMember(db);
  const [first, second] = await Promise.all([0, 1].map((index) => insertPost(db, { memberId: member.memberId, status: 'draft_saved', body: `Bench video post ${index}` })));
  await db.$disconnect();
  await measured('multipart', () => uploadStreamed(`${api.baseUrl}/posts/${first!.id}/images/upload`, member.auth, movie().stream, size));
  await measured('image_url', async () => {
    const response = await fetch(`${api.baseUrl}/posts/${second!.id}/images/upload`, {
      method: 'POST',
      headers: { authorization: member.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ image_url: `${origin.url}/bench.mp4` }),
    });
    return { status: response.status, body: await response.text() };
  });
  console.log(`          api ${api.alive() ? 'alive' : 'DIED'}, image service ${image.alive() ? 'alive' : 'DIED'}`);
} finally {
  await api.stop();
  await image.stop();
  await origin.close();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
