import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createImageCallRequest } from '@lps/db';
import { startImageService } from '@lps/image';
import type { RunningService } from '@lps/runtime';
import { LocalFileStorage } from '@lps/storage';
import { createTestMember, createTestPost, createTestRuntime, hugePng, type TestRuntime } from '@lps/testing';

// The image service's calls as the API makes them (runtime.calls), without the API in front.
let test: TestRuntime;
let service: RunningService;
let storage: LocalFileStorage;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lps-image-calls-'));
  test = await createTestRuntime({ LPS_DATA_DIR: dataDir });
  storage = new LocalFileStorage(dataDir, test.runtime.config.http.publicBaseUrl);
  service = await startImageService(test.runtime, { storage });
});
afterAll(async () => {
  await service.stop();
  await test.cleanup();
  await rm(dataDir, { recursive: true, force: true });
});

async function stagedUpload(file: Buffer, type = 'image/png') {
  const member = await createTestMember(test.runtime);
  const post = await createTestPost(test.runtime, member.memberId);
  const key = `${member.memberId}/${post.id}/upload-${post.id}.png`;
  await storage.put(key, file, type);
  const request = await createImageCallRequest(test.runtime.db, { postId: post.id, memberId: member.memberId, kind: 'upload', sourceKey: key, contentType: type });
  return { post, key, request, payload: { imageRequestId: request.id, memberId: member.memberId } };
}

describe('attach-upload in the image service', () => {
  it('refuses with its own decoder limit an image whose header the API did not read, ten at once, and goes on serving', async () => {
    const huge = await hugePng(16_000, 16_000);
    const uploads = await Promise.all(Array.from({ length: 10 }, () => stagedUpload(huge)));
    const answers = await Promise.all(uploads.map(({ payload }) => test.runtime.calls.call('attach-upload', payload, { timeoutMs: 60_000 })));
    for (const answer of answers)
      expect(answer).toEqual({ outcome: 'refused', problem: 'content', message: expect.stringMatching(/256,000,000 pixels; LinkedIn accepts at most/) });
    for (const { key } of uploads) expect(await storage.exists(key)).toBe(false);
    const fine = await stagedUpload(
      await sharp({ create: { width: 640, height: 480, channels: 3, background: '#123456' } })
        .png()
        .toBuffer(),
    );
    expect(await test.runtime.calls.call('attach-upload', fine.payload, { timeoutMs: 60_000 })).toMatchObject({ outcome: 'attached' });
  });

  it('answers a repeated run of the same request as the first, appending nothing twice', async () => {
    const staged = await stagedUpload(
      await sharp({ create: { width: 320, height: 240, channels: 3, background: '#654321' } })
        .png()
        .toBuffer(),
    );
    const first = await test.runtime.calls.call('attach-upload', staged.payload, { timeoutMs: 60_000 });
    expect(first).toMatchObject({ outcome: 'attached' });
    // A second job for the same request (a stalled job run again): the finished job is removed so the id is free again.
    await (await test.runtime.queues['image-calls'].getJob(`upload-${staged.request.id}`))?.remove();
    expect(await test.runtime.calls.call('attach-upload', staged.payload, { timeoutMs: 60_000 })).toEqual(first);
    expect((await test.runtime.db.post.findUniqueOrThrow({ where: { id: staged.post.id } })).imageCandidates).toHaveLength(3);
  });
});
