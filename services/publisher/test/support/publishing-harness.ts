import type { RunningService } from '@lps/runtime';
import { SandboxNetwork, RedisSandboxStore } from '@lps/network';
import { createTestMember, waitFor, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi, type TestApiOptions } from '../../../api/test/support/api-harness.js';
import { startPublisherService } from '../../dist/index.js';

/** Fast retries and sweeps so tests wait seconds, not minutes. */
export const FAST_PUBLISHING_ENV = {
  LPS_PUBLISH_BACKOFF: '50ms',
  LPS_PUBLISH_ATTEMPTS: '3',
  LPS_SCHEDULE_SWEEP_INTERVAL: '1s',
  LPS_PUBLISH_LOCK: '3s',
};

export interface PublishingHarness {
  api: TestApi;
  /** Started on demand, so a test can queue work before any worker runs. */
  startPublisher(): Promise<RunningService>;
  stop(): Promise<void>;
}

/** `options.imageService`: uploads need the image service beside the API. */
export async function startPublishing(env: Record<string, string> = {}, options: TestApiOptions = {}): Promise<PublishingHarness> {
  const api = await startTestApi({ ...FAST_PUBLISHING_ENV, ...env }, undefined, options);
  const publishers: RunningService[] = [];
  return {
    api,
    async startPublisher() {
      const publisher = await startPublisherService(api.runtime);
      publishers.push(publisher);
      return publisher;
    },
    async stop() {
      for (const publisher of publishers) await publisher.stop();
      await api.stop();
    },
  };
}

/** The sandbox network as every process of this test runtime sees it (state in Redis under the prefix). */
export const sandboxOf = (api: TestApi): SandboxNetwork => new SandboxNetwork(new RedisSandboxStore(api.runtime.redis, api.runtime.config.redis.prefix));

/**
 * Publishes a post on request and waits for it: the row as published and the
 * post as the sandbox network holds it (undefined if the network has none).
 */
export async function publishOnSandbox(api: TestApi, auth: string, postId: string) {
  await api.http.post(`/posts/${postId}/publish`).set('Authorization', auth).expect(202);
  const published = await waitFor(
    async () => {
      const row = await api.runtime.db.post.findUnique({ where: { id: postId } });
      return row?.status === 'published' ? row : undefined;
    },
    { what: `post ${postId} published` },
  );
  const onSandbox = (await sandboxOf(api).store.listPosts()).find((entry) => entry.urn === published.networkPostUrn);
  return { published, onSandbox };
}

export const outboxEvents = (api: TestApi, type: string) => api.runtime.db.outboxEvent.findMany({ where: { type }, orderBy: { createdAt: 'asc' } });

/** The API and a publisher on the sandbox network (`npm start`'s default) and Ada: registers the file's beforeAll/afterAll, fills `world` in. */
export function adaOnSandbox() {
  const world = {} as { harness: PublishingHarness; ada: TestMember };
  beforeAll(async () => {
    world.harness = await startPublishing({});
    world.ada = await createTestMember(world.harness.api.runtime, { displayName: 'Ada' });
    await world.harness.startPublisher();
  });
  afterAll(async () => world.harness?.stop());
  return world;
}
