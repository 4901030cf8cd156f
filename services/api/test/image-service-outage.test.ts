import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startImageService } from '@lps/image';
import { enqueue } from '@lps/queue';
import { createStorage } from '@lps/storage';
import { createTestMember, createTestPost, startCuttableProxy, waitFor, type CuttableProxy, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';
import { filesUnder, png } from './support/image-fixtures.js';

// The API waits for the image service at most LPS_IMAGE_WAIT; these take the service (or Redis) away.
let api: TestApi;
let member: TestMember;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lps-image-outage-'));
  api = await startTestApi({ LPS_DATA_DIR: dataDir, LPS_IMAGE_WAIT: '1s' });
  member = await createTestMember(api.runtime);
});
afterAll(async () => {
  await api.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const upload = async (target: TestApi, who: TestMember, postId: string) =>
  target.http
    .post(`/posts/${postId}/images/upload`)
    .set('Authorization', who.auth)
    .attach('file', await png(), { filename: 'photo.png', contentType: 'image/png' });
const postFiles = async (postId: string) => (await filesUnder(dataDir)).filter((path) => path.includes(`/${postId}/`));
const requestOf = (postId: string, kind: 'upload' | 'overlay') => api.runtime.db.imageRequest.findFirstOrThrow({ where: { postId, kind } });
/** Runs one image call job to its end with an image service started for it, and stops the service again. */
async function runLater(name: 'attach-upload' | 'draw-overlay', imageRequestId: string) {
  await enqueue(api.runtime.queues, name, { imageRequestId, memberId: member.memberId });
  const service = await startImageService(api.runtime);
  try {
    const jobId = `${name === 'attach-upload' ? 'upload' : 'overlay'}-${imageRequestId}`;
    const job = await waitFor(
      async () => {
        const found = await api.runtime.queues['image-calls'].getJob(jobId);
        return found?.finishedOn ? found : undefined;
      },
      { timeoutMs: 30_000, what: `${name} to finish` },
    );
    return job.returnvalue as { outcome: string };
  } finally {
    await service.stop();
  }
}

describe('when the image service does not answer in time', () => {
  it('an upload answers 503 with Retry-After, attaches nothing and keeps no file', async () => {
    const post = await createTestPost(api.runtime, member.memberId);
    const response = await upload(api, member, post.id);
    expect([response.status, response.body.error.code]).toEqual([503, 'service_unavailable']);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.body.error.message).toMatch(/did not answer within 1 s; nothing was changed/);
    expect(await postFiles(post.id)).toEqual([]);
    expect((await api.runtime.db.post.findUniqueOrThrow({ where: { id: post.id } })).imageCandidates).toBeNull();
    expect((await requestOf(post.id, 'upload')).status).toBe('failed');
  });

  it('an upload job that runs after its caller was told 503 appends nothing and removes every file it wrote', async () => {
    const post = await createTestPost(api.runtime, member.memberId);
    expect((await upload(api, member, post.id)).status).toBe(503);
    const request = await requestOf(post.id, 'upload');
    // As a job already running when the caller gave up (or run again after a stall) would.
    await createStorage(api.runtime.config).put(request.sourceKey as string, await png(), 'image/png');
    expect(await runLater('attach-upload', request.id)).toMatchObject({ outcome: 'refused', problem: 'abandoned' });
    expect((await api.runtime.db.post.findUniqueOrThrow({ where: { id: post.id } })).imageCandidates).toBeNull();
    expect(await postFiles(post.id)).toEqual([]);
  });

  it('an overlay answers 503 and leaves the post as it was; drawn later, the retry finds it without waiting', async () => {
    const post = await createTestPost(api.runtime, member.memberId);
    const stored = await createStorage(api.runtime.config).put(`${member.memberId}/${post.id}/upload-source.png`, await png(800, 600), 'image/png');
    await api.runtime.db.post.update({ where: { id: post.id }, data: { imageCandidates: [{ base_url: stored.url, width: 800, height: 600, kind: 'image', source: 'upload' }] } });
    const select = () => api.http.post(`/posts/${post.id}/select-image`).set('Authorization', member.auth).send({ image_index: 0, use_overlay: true });
    const refused = await select();
    expect([refused.status, refused.body.error.code]).toEqual([503, 'service_unavailable']);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await api.runtime.db.post.findUniqueOrThrow({ where: { id: post.id } })).imageUrl).toBeNull();
    const drawn = await runLater('draw-overlay', (await requestOf(post.id, 'overlay')).id);
    expect(drawn).toMatchObject({ outcome: 'drawn' });
    // No image service now: the retry is answered from the file drawn after the first request gave up.
    const retried = await select();
    expect(retried.status).toBe(200);
    expect(retried.body.post.image_url).toBe((drawn as { image_url?: string }).image_url);
    const served = await fetch(`${api.baseUrl.replace('/api/v1', '')}${new URL(retried.body.post.image_url).pathname}`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
    // Read to its end: an unread body keeps the response in flight, and the API's graceful stop waits for it.
    expect(Buffer.from(await served.arrayBuffer()).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });
});

describe('when Redis goes away', () => {
  let redis: CuttableProxy;
  let throughProxy: TestApi;
  let owner: TestMember;
  beforeAll(async () => {
    redis = await startCuttableProxy({ host: '127.0.0.1', port: 6379 });
    throughProxy = await startTestApi({ LPS_DATA_DIR: dataDir, LPS_IMAGE_WAIT: '3s', REDIS_URL: redis.through(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') }, undefined, {
      imageService: true,
    });
    owner = await createTestMember(throughProxy.runtime);
  });
  afterAll(async () => {
    await throughProxy.stop();
    await redis.close();
  });

  it('uploads answer 503 and keep nothing while it is away, and work again once it is back (the shared QueueEvents reconnects)', async () => {
    const first = await createTestPost(throughProxy.runtime, owner.memberId);
    expect((await upload(throughProxy, owner, first.id)).status).toBe(201);
    await redis.cut();
    const during = await createTestPost(throughProxy.runtime, owner.memberId);
    const refused = await upload(throughProxy, owner, during.id);
    expect([refused.status, refused.body.error.code]).toEqual([503, 'service_unavailable']);
    expect(await postFiles(during.id)).toEqual([]);
    await redis.restore();
    const after = await createTestPost(throughProxy.runtime, owner.memberId);
    const answer = await waitFor(
      async () => {
        const attempt = await upload(throughProxy, owner, after.id);
        return attempt.status === 201 ? attempt : undefined;
      },
      { timeoutMs: 30_000, what: 'an upload after Redis came back' },
    );
    expect(answer.body.candidates).toHaveLength(3);
  });
});
