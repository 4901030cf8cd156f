import { createTestMember, createTestPost, mp4File, type TestMember } from '@lps/testing';
import { publishOnSandbox, startPublishing, type PublishingHarness } from './support/publishing-harness.js';

// The sandbox network (the default) takes video too: it "processes" it for a moment, as LinkedIn does,
// so the publication waits for AVAILABLE the same way (decision 0021).
let harness: PublishingHarness;
let ada: TestMember;

beforeAll(async () => {
  harness = await startPublishing({}, { imageService: true });
  ada = await createTestMember(harness.api.runtime, { displayName: 'Ada' });
  await harness.startPublisher();
});
afterAll(async () => harness.stop());

it('a video post is published on the sandbox network with its video', async () => {
  const post = await createTestPost(harness.api.runtime, ada.memberId, { body: 'A sandbox clip', status: 'approved' });
  const http = harness.api.http;
  await http.post(`/posts/${post.id}/images/upload`).set('Authorization', ada.auth).attach('file', mp4File(), { filename: 'clip.mp4', contentType: 'video/mp4' }).expect(201);
  const { onSandbox } = await publishOnSandbox(harness.api, ada.auth, post.id);
  expect(onSandbox?.media).toEqual({ kind: 'video', urn: expect.stringMatching(/^urn:li:video:sandbox-\d+-\d+$/) });
  const { body } = await http.get(`/posts/${post.id}`).set('Authorization', ada.auth);
  expect(body.post).toMatchObject({ status: 'published', format: 'video' });
});
