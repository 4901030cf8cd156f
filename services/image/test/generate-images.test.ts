import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enqueue } from '@lps/queue';
import { startImageService } from '@lps/image';
import { LocalFileStorage } from '@lps/storage';
import { createTestMember, createTestPost, createTestRuntime, waitFor, type TestRuntime } from '@lps/testing';
import type { RunningService } from '@lps/runtime';

let test: TestRuntime;
let worker: RunningService;
let dataDir: string;
let storage: LocalFileStorage;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lps-image-'));
  test = await createTestRuntime({ LPS_DATA_DIR: dataDir });
  storage = new LocalFileStorage(dataDir, test.runtime.config.http.publicBaseUrl);
  worker = await startImageService(test.runtime, { storage });
});
afterAll(async () => {
  await worker.stop();
  await test.cleanup();
  await rm(dataDir, { recursive: true, force: true });
});

async function requestImages(memberId: string, overrides: Parameters<typeof createTestPost>[2] = {}) {
  const post = await createTestPost(test.runtime, memberId, { status: 'generating_images', statusBeforeImages: 'approved', ...overrides });
  const request = await test.runtime.db.imageRequest.create({ data: { postId: post.id, memberId, scene: 'sunrise over the harbour' } });
  await enqueue(test.runtime.queues, 'generate-images', { imageRequestId: request.id });
  return { post, request };
}

const finished = (id: string) => async () => {
  const request = await test.runtime.db.imageRequest.findUnique({ where: { id } });
  return request && (request.status === 'completed' || request.status === 'failed') ? request : undefined;
};

describe('generate-images worker', () => {
  it('stores a set of candidates, returns the post to its previous state and writes post.images_ready', async () => {
    const member = await createTestMember(test.runtime);
    const { post, request } = await requestImages(member.memberId);
    const done = await waitFor(finished(request.id), { timeoutMs: 60_000, what: 'image request' });
    expect(done.status).toBe('completed');
    const updated = await test.runtime.db.post.findUniqueOrThrow({ where: { id: post.id } });
    expect(updated.status).toBe('approved');
    expect(updated.statusBeforeImages).toBeNull();
    const candidates = updated.imageCandidates as Array<{ base_url: string; kind: string; width: number; height: number; source: string }>;
    expect(candidates).toHaveLength(9);
    expect(candidates.filter((candidate) => candidate.kind === 'document')).toEqual([expect.objectContaining({ width: 1080, height: 1350, source: 'generated' })]);
    for (const candidate of candidates) {
      const key = storage.keyFromUrl(candidate.base_url);
      expect(key && existsSync(storage.pathFor(key))).toBe(true);
    }
    const events = await test.runtime.db.outboxEvent.findMany({ where: { memberId: member.memberId, type: 'post.images_ready' } });
    expect(events).toHaveLength(1);
    expect((events[0]?.payload as { post: { id: string; image_candidates: unknown[] } }).post).toMatchObject({ id: post.id, image_candidates: candidates });
  });

  it('does nothing twice when the same request is delivered again', async () => {
    const member = await createTestMember(test.runtime);
    const { post, request } = await requestImages(member.memberId);
    await waitFor(finished(request.id), { timeoutMs: 60_000 });
    await enqueue(test.runtime.queues, 'generate-images', { imageRequestId: request.id }, { jobId: `again-${request.id}` });
    await waitFor(async () => (await test.runtime.queues.images.getJob(`again-${request.id}`))?.finishedOn, { timeoutMs: 30_000 });
    const updated = await test.runtime.db.post.findUniqueOrThrow({ where: { id: post.id } });
    expect(updated.imageCandidates as unknown[]).toHaveLength(9);
    expect(await test.runtime.db.outboxEvent.count({ where: { memberId: member.memberId } })).toBe(1);
  });

  it('appends to earlier candidates without changing their indexes', async () => {
    const member = await createTestMember(test.runtime);
    const earlier = [{ base_url: 'http://127.0.0.1:3000/files/x/y/old.png', width: 10, height: 10, kind: 'image', source: 'upload' }];
    const { post, request } = await requestImages(member.memberId, { imageCandidates: earlier });
    await waitFor(finished(request.id), { timeoutMs: 60_000 });
    const updated = await test.runtime.db.post.findUniqueOrThrow({ where: { id: post.id } });
    const candidates = updated.imageCandidates as unknown[];
    expect(candidates).toHaveLength(10);
    expect(candidates[0]).toEqual(earlier[0]);
  });

  it('fails the request with a clear last_error when the post already has 60 candidates', async () => {
    const member = await createTestMember(test.runtime);
    const full = Array.from({ length: 60 }, (_, index) => ({ base_url: `http://127.0.0.1:3000/files/x/y/${index}.png`, width: 1, height: 1, kind: 'image', source: 'upload' }));
    const { post, request } = await requestImages(member.memberId, { imageCandidates: full });
    const done = await waitFor(finished(request.id), { timeoutMs: 60_000 });
    expect(done.status).toBe('failed');
    expect(done.lastError).toMatch(/60 image candidates/);
    const updated = await test.runtime.db.post.findUniqueOrThrow({ where: { id: post.id } });
    expect(updated.status).toBe('approved');
    expect(updated.imageCandidates as unknown[]).toHaveLength(60);
    expect(await test.runtime.db.outboxEvent.count({ where: { memberId: member.memberId } })).toBe(0);
  });
});
