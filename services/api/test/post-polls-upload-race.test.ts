import { startImageService } from '@lps/image';
import type { RunningService } from '@lps/runtime';
import { createStorage } from '@lps/storage';
import { createTestMember, createTestPost, waitFor, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';
import { filesUnder, png } from './support/image-fixtures.js';

// A poll (decision 0033) and an upload for one post: the API checks the post before it stages the
// file, the image service appends the upload in one statement that refuses a post with a poll, and the
// poll is written only while the post has no media — so never a poll beside an image.
let api: TestApi;
let ada: TestMember;
let imageService: RunningService | undefined;
const dataDir = `/tmp/lps-poll-race-${process.pid}`;
beforeAll(async () => {
  // No image service yet: the first test holds an upload between the API's check and the image service's append.
  api = await startTestApi({ LPS_RATE_LIMIT: '100000/60', LPS_RATE_LIMIT_GENERATION: '100000/60', LPS_DATA_DIR: dataDir, LPS_IMAGE_WAIT: '30s' });
  ada = await createTestMember(api.runtime, { displayName: 'Ada' });
});
afterAll(async () => {
  await imageService?.stop();
  await api.stop();
});

const patchPoll = (id: string) =>
  api.http
    .patch(`/posts/${id}`)
    .set('Authorization', ada.auth)
    .send({ poll: { question: 'Which?', options: ['This', 'That'] } });
const upload = (id: string, picture: Buffer) => api.http.post(`/posts/${id}/images/upload`).set('Authorization', ada.auth).attach('file', picture, 'picture.png');

it('a poll written after the upload was checked but before the image service appends it: the append is refused, 422, and the staged file goes', async () => {
  const post = await createTestPost(api.runtime, ada.memberId);
  const uploading = upload(post.id, await png(60, 40)).then((answer) => answer);
  // The API checked the post and staged the file: the image service's call is waiting for a worker.
  await waitFor(async () => (await api.runtime.db.imageRequest.findFirst({ where: { postId: post.id, kind: 'upload' } })) ?? undefined, {
    what: 'the upload waiting for the image service',
  });
  await patchPoll(post.id).expect(200);
  imageService = await startImageService(api.runtime, { storage: createStorage(api.runtime.config) });
  const answer = await uploading;
  expect([answer.status, answer.body.error.code]).toEqual([422, 'unprocessable']);
  expect(answer.body.error.message).toMatch(/a post with a poll/);
  const row = await api.runtime.db.post.findUniqueOrThrow({ where: { id: post.id } });
  expect([row.format, row.imageUrl, row.imageCandidates]).toEqual(['poll', null, null]);
  expect((await filesUnder(dataDir)).filter((file) => file.includes(post.id))).toEqual([]);
});

it('a poll and an upload at the same moment: exactly one wins, the other is 422 unprocessable', async () => {
  const picture = await png(60, 40);
  for (let round = 0; round < 6; round += 1) {
    const post = await createTestPost(api.runtime, ada.memberId);
    const [poll, uploaded] = await Promise.all([patchPoll(post.id), upload(post.id, picture)]);
    const row = await api.runtime.db.post.findUniqueOrThrow({ where: { id: post.id } });
    if (poll.status === 200) {
      expect([uploaded.status, uploaded.body.error?.code]).toEqual([422, 'unprocessable']);
      expect([row.format, row.imageUrl]).toEqual(['poll', null]);
    } else {
      expect([poll.status, poll.body.error?.code, uploaded.status]).toEqual([422, 'unprocessable', 201]);
      expect([row.format, row.poll]).toEqual(['image', null]);
    }
  }
});
