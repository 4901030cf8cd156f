import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { apiPort, createTestMember, createTestPost, createTestRuntime, startServiceProcess, waitFor, type ServiceProcess, type TestMember, type TestRuntime } from '@lps/testing';

// The API and the image service as separate processes, as deployed (deploy/k8s): where the pixels are decoded, and
// what an upload in flight becomes when the image service is killed.
let test: TestRuntime;
let member: TestMember;
let dataDir: string;
let api: ServiceProcess;
let image: ServiceProcess;
let baseUrl: string;

const env = () => ({
  DATABASE_URL: test.runtime.config.database.url,
  LPS_REDIS_PREFIX: test.runtime.config.redis.prefix,
  LPS_DATA_DIR: dataDir,
  LPS_IMAGE_WAIT: '3s',
  PORT: '0',
  HOST: '127.0.0.1',
});
const startImage = async () => {
  const service = startServiceProcess('services/image/dist/main.js', env());
  await service.waitForLine(/image worker started/);
  return service;
};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lps-image-processes-'));
  test = await createTestRuntime({ LPS_DATA_DIR: dataDir });
  member = await createTestMember(test.runtime);
  api = startServiceProcess('services/api/dist/main.js', env());
  image = await startImage();
  baseUrl = `http://127.0.0.1:${await apiPort(api)}`;
});
afterAll(async () => {
  await api?.stop();
  await image?.stop();
  await test.cleanup();
  await rm(dataDir, { recursive: true, force: true });
});

const upload = async (postId: string, file: Buffer, name: string, type: string) => {
  const form = new FormData();
  form.append('file', new Blob([file], { type }), name);
  const response = await fetch(`${baseUrl}/api/v1/posts/${postId}/images/upload`, { method: 'POST', headers: { authorization: member.auth }, body: form });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
};
/** Shared libraries mapped into a process: sharp's libvips shows there once it has been loaded. */
const mapsLibvips = (pid: number) => readFileSync(`/proc/${pid}/maps`, 'utf8').includes('libvips');
const filesOf = async (postId: string) =>
  (await readdir(join(dataDir, 'files'), { recursive: true }).catch(() => [] as string[])).filter((path) => path.includes(postId) && /\.\w+$/.test(path));

describe('the API and the image service in processes of their own', () => {
  it('the API never loads the image decoder: uploads and an overlay are drawn in the image service, and every URL handed out serves', async () => {
    const post = await createTestPost(test.runtime, member.memberId);
    const photo = await upload(
      post.id,
      await sharp({ create: { width: 900, height: 700, channels: 3, background: '#446688' } })
        .jpeg()
        .toBuffer(),
      'photo.jpg',
      'image/jpeg',
    );
    expect(photo.status).toBe(201);
    const { PDFDocument } = await import('pdf-lib');
    const document = await PDFDocument.create();
    document.addPage([1080, 1350]);
    const deck = await upload(post.id, Buffer.from(await document.save()), 'deck.pdf', 'application/pdf');
    expect([deck.status, deck.body.candidates[0].kind]).toEqual([201, 'document']);
    const selected = await fetch(`${baseUrl}/api/v1/posts/${post.id}/select-image`, {
      method: 'POST',
      headers: { authorization: member.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ image_index: 0, use_overlay: true }),
    });
    const overlay = ((await selected.json()) as { post: { image_url: string } }).post.image_url;
    expect([selected.status, overlay]).toEqual([200, expect.stringMatching(/\/overlay-[0-9a-f]{24}\.jpg$/)]);
    for (const url of [...photo.body.candidates.map((candidate: { base_url: string }) => candidate.base_url), deck.body.image_url, overlay]) {
      const served = await fetch(`${baseUrl}${new URL(url).pathname}`);
      // Read to the end: an unread body keeps the response in flight, and the API's stop waits for it.
      const bytes = (await served.arrayBuffer()).byteLength;
      expect([url, served.status, bytes > 0]).toEqual([url, 200, true]);
    }
    expect(mapsLibvips(api.pid)).toBe(false);
    expect(mapsLibvips(image.pid)).toBe(true);
  });

  it('an image service killed mid-upload: the API answers 503 within its wait, attaches nothing and keeps no file; a new one takes the next upload', async () => {
    const post = await createTestPost(test.runtime, member.memberId);
    // 36 million pixels to decode for each variant: the job is still running when the worker dies.
    const big = await sharp({ create: { width: 6_000, height: 6_000, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const answer = upload(post.id, big, 'big.png', 'image/png');
    await waitFor(async () => (await test.runtime.queues['image-calls'].getJobs(['active'])).length > 0, { timeoutMs: 20_000, intervalMs: 10, what: 'the upload job to start' });
    await image.kill('SIGKILL');
    const refused = await answer;
    expect([refused.status, refused.body.error.code]).toEqual([503, 'service_unavailable']);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await test.runtime.db.post.findUniqueOrThrow({ where: { id: post.id } })).imageCandidates).toBeNull();
    expect(await filesOf(post.id)).toEqual([]);

    image = await startImage();
    const next = await createTestPost(test.runtime, member.memberId);
    const accepted = await upload(
      next.id,
      await sharp({ create: { width: 640, height: 480, channels: 3, background: '#224466' } })
        .png()
        .toBuffer(),
      'next.png',
      'image/png',
    );
    expect(accepted.status).toBe(201);
  });
});
