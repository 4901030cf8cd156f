import { startResearchService } from '@lps/research';
import type { RunningService } from '@lps/runtime';
import { createTestMember, createTestPost, startLoopbackServer, type LoopbackServer, type TestMember } from '@lps/testing';
import { publishOnSandbox, startPublishing, type PublishingHarness } from './support/publishing-harness.js';

// The sandbox network (the default) shows the link card too: the same article LinkedIn would get.
let pages: LoopbackServer;
let harness: PublishingHarness;
let research: RunningService;
let ada: TestMember;

beforeAll(async () => {
  pages = await startLoopbackServer((_req, res) => {
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<html><head><meta property="og:title" content="Sandbox card"><meta name="description" content="Shown in the sandbox"></head></html>');
  });
  harness = await startPublishing({ LPS_ALLOW_PRIVATE_URLS: '1', LPS_LINK_PREVIEW_TIMEOUT: '1s' }, { imageService: true });
  ada = await createTestMember(harness.api.runtime, { displayName: 'Ada' });
  research = await startResearchService(harness.api.runtime);
  await harness.startPublisher();
});
afterAll(async () => {
  await research.stop();
  await harness.stop();
  await pages.close();
});

it('a post with a link is published on the sandbox network with its card', async () => {
  const post = await createTestPost(harness.api.runtime, ada.memberId);
  await harness.api.http
    .patch(`/posts/${post.id}`)
    .set('Authorization', ada.auth)
    .send({ body: `Have a look: ${pages.url}/page` })
    .expect(200);
  const { onSandbox } = await publishOnSandbox(harness.api, ada.auth, post.id);
  expect(onSandbox?.article).toEqual({ source: `${pages.url}/page`, title: 'Sandbox card', description: 'Shown in the sandbox' });
});
