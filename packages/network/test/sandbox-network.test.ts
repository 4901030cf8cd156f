import { MemorySandboxStore, NetworkError, RedisSandboxStore, SandboxNetwork, syntheticMetrics } from '@lps/network';
import { createTestRuntime, waitFor } from '@lps/testing';

const account = { memberId: 'm1', personUrn: 'urn:li:person:sandbox-m1' };

describe('sandbox network', () => {
  it('publishes with share URNs and LinkedIn URLs, and finds a post by its client reference', async () => {
    const network = new SandboxNetwork(new MemorySandboxStore());
    const first = await network.publishPost(account, { commentary: 'one', reference: 'ref-1' });
    const second = await network.publishPost(account, { commentary: 'two', reference: 'ref-2' });
    expect(first.urn).toBe('urn:li:share:1');
    expect(second.url).toBe('https://www.linkedin.com/feed/update/urn:li:share:2/');
    expect(await network.findByReference(account, 'ref-2')).toEqual(second);
    expect(await network.findByReference(account, 'ref-3')).toBeUndefined();
  });

  it("shows a link card, several images with alt text and a video, under LinkedIn's content rules", async () => {
    const network = new SandboxNetwork(new MemorySandboxStore());
    const thumbnail = await network.uploadImage(account);
    const card = await network.publishPost(account, { commentary: 'card', reference: 'c', article: { source: 'https://example.test/', title: 'Example', thumbnail } });
    const [a, b] = [await network.uploadImage(account), await network.uploadImage(account)];
    const gallery = await network.publishPost(account, { commentary: 'two', reference: 'g', images: [{ urn: a, altText: 'first' }, { urn: b }] });
    const reads: number[] = [];
    const video = await network.uploadVideo(account, { sizeBytes: 10_000_000, readRange: async (first, last) => (reads.push(last - first + 1), Buffer.alloc(last - first + 1)) });
    expect(reads).toEqual([4_194_304, 4_194_304, 1_611_392]);
    // Processing for a moment, as on LinkedIn: a post naming it meanwhile is refused and nothing is created.
    expect(await network.videoStatus(account, video)).toBe('PROCESSING');
    await expect(network.publishPost(account, { commentary: 'too soon', reference: 'early', media: { kind: 'video', urn: video } })).rejects.toMatchObject({
      code: 'MEDIA_ASSET_PROCESSING',
    });
    await waitFor(async () => (await network.videoStatus(account, video)) === 'AVAILABLE' || undefined, { what: 'sandbox video available' });
    const clip = await network.publishPost(account, { commentary: 'clip', reference: 'v', media: { kind: 'video', urn: video, title: 'Clip' } });
    const posts = await network.store.listPosts();
    expect(posts.find((post) => post.urn === card.urn)?.article).toEqual({ source: 'https://example.test/', title: 'Example', thumbnail });
    expect(posts.find((post) => post.urn === gallery.urn)?.images).toEqual([{ urn: a, altText: 'first' }, { urn: b }]);
    expect(posts.find((post) => post.urn === clip.urn)?.media).toEqual({ kind: 'video', urn: video, title: 'Clip' });
    expect(posts.some((post) => post.commentary === 'too soon')).toBe(false);
    await expect(network.publishPost(account, { commentary: 'one image', reference: 'x', images: [{ urn: a }] })).rejects.toMatchObject({ kind: 'permanent' });
    await network.injectFailure({ operation: 'video-processing', kind: 'permanent' });
    expect(await network.videoStatus(account, video)).toBe('PROCESSING_FAILED');
  });

  it('has stable synthetic analytics that grow with the age of the post', () => {
    const created = new Date('2026-01-01T00:00:00Z');
    const early = syntheticMetrics('urn:li:share:9', created, new Date('2026-01-01T00:10:00Z'));
    const again = syntheticMetrics('urn:li:share:9', created, new Date('2026-01-01T00:10:00Z'));
    const later = syntheticMetrics('urn:li:share:9', created, new Date('2026-01-02T00:00:00Z'));
    expect(again).toEqual(early);
    expect(later.impressions).toBeGreaterThan(early.impressions);
    expect(later.likes).toBeGreaterThanOrEqual(early.likes);
  });

  it('fails the next call as injected; a time-out after publishing still leaves the post on the network', async () => {
    const network = new SandboxNetwork(new MemorySandboxStore());
    await network.injectFailure({ operation: 'publish', kind: 'permanent' });
    await expect(network.publishPost(account, { commentary: 'x', reference: 'a' })).rejects.toMatchObject({ kind: 'permanent' });
    await network.injectFailure({ operation: 'publish', kind: 'timeout-after-publish' });
    const error = (await network.publishPost(account, { commentary: 'x', reference: 'b' }).catch((e: unknown) => e)) as NetworkError;
    expect([error.kind, error.uncertain]).toEqual(['retryable', true]);
    expect(await network.findByReference(account, 'b')).toBeDefined();
  });

  it('keeps its state in Redis so another process sees the same network', async () => {
    const test = await createTestRuntime();
    const { redis } = test.runtime;
    const prefix = test.runtime.config.redis.prefix;
    try {
      const writer = new SandboxNetwork(new RedisSandboxStore(redis, prefix));
      const reader = new SandboxNetwork(new RedisSandboxStore(redis, prefix));
      const published = await writer.publishPost(account, { commentary: 'shared', reference: 'shared-ref' });
      expect(await reader.findByReference(account, 'shared-ref')).toEqual(published);
      // The one-script publish keeps the memory store's rules: a failure before storing leaves nothing.
      await writer.injectFailure({ operation: 'analytics', kind: 'permanent' });
      await writer.injectFailure({ operation: 'publish', kind: 'permanent' });
      await expect(writer.publishPost(account, { commentary: 'never', reference: 'never-ref' })).rejects.toMatchObject({ kind: 'permanent' });
      expect(await reader.findByReference(account, 'never-ref')).toBeUndefined();
      await writer.injectFailure({ operation: 'any', kind: 'timeout-after-publish' });
      await expect(writer.publishPost(account, { commentary: 'stored "anyway"', reference: 'late-ref' })).rejects.toMatchObject({ uncertain: true });
      const late = await reader.findByReference(account, 'late-ref');
      expect(late?.urn).toBe(`urn:li:share:${Number(published.urn.split(':').at(-1)) + 1}`);
      expect(await new RedisSandboxStore(redis, prefix).findByUrn(late?.urn ?? '')).toMatchObject({
        commentary: 'stored "anyway"',
        author: account.personUrn,
        media: null,
        deletedAt: null,
      });
      await expect(reader.postAnalytics(account, published.urn)).rejects.toMatchObject({ kind: 'permanent' });
      await writer.injectFailure({ operation: 'analytics', kind: 'retryable' });
      await expect(reader.postAnalytics(account, published.urn)).rejects.toMatchObject({ kind: 'retryable' });
      expect((await reader.postAnalytics(account, published.urn)).impressions).toBeGreaterThanOrEqual(0);
    } finally {
      await test.cleanup();
    }
  });

  it('publishes after Redis forgot its scripts (restart, SCRIPT FLUSH): the script is sent again', async () => {
    const test = await createTestRuntime();
    const { redis } = test.runtime;
    try {
      const network = new SandboxNetwork(new RedisSandboxStore(redis, test.runtime.config.redis.prefix));
      await network.publishPost(account, { commentary: 'before', reference: 'before-ref' });
      // Global, but harmless to other suites: ioredis and BullMQ resend their own scripts on NOSCRIPT too.
      await redis.script('FLUSH');
      const after = await network.publishPost(account, { commentary: 'after', reference: 'after-ref' });
      expect(await network.findByReference(account, 'after-ref')).toEqual(after);
    } finally {
      await test.cleanup();
    }
  });
});
