import { createTestMember, createTestPost, waitFor, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from '../../api/test/support/api-harness.js';
import { sandboxOf, outboxEvents } from './support/publishing-harness.js';
import { spawnPublisher } from './support/publisher-process.js';

let api: TestApi;
let ada: TestMember;
beforeAll(async () => {
  api = await startTestApi();
  ada = await createTestMember(api.runtime, { displayName: 'Ada' });
});
afterAll(async () => api.stop());

describe('SIGKILL during a publication (real publisher process)', () => {
  it.each(['after-claim', 'network-call', 'after-call', 'after-commit'])(
    'killed at %s and restarted: exactly one network post, status published, one post.published',
    async (step) => {
      const post = await createTestPost(api.runtime, ada.memberId, { body: `crash test at ${step}` });
      await api.http.post(`/posts/${post.id}/publish`).set('Authorization', ada.auth).expect(202);

      const doomed = spawnPublisher(api, step);
      await waitFor(() => doomed.output().includes(`LPS_TEST_PAUSED ${step} ${post.id}`), { timeoutMs: 30_000, what: `pause at ${step}` });
      await doomed.kill('SIGKILL');

      const survivor = spawnPublisher(api);
      try {
        const published = await waitFor(
          async () => {
            const row = await api.runtime.db.post.findUnique({ where: { id: post.id } });
            return row?.status === 'published' ? row : undefined;
          },
          { timeoutMs: 60_000, what: 'publication after restart' },
        ).catch((error: Error) => {
          throw new Error(`${error.message}; the restarted publisher said:\n${survivor.output().slice(-3_000)}`);
        });
        const onNetwork = (await sandboxOf(api).store.listPosts()).filter((entry) => entry.reference === `lps-${post.id}`);
        expect(onNetwork.map((entry) => entry.urn)).toEqual([published.networkPostUrn]);
        const events = (await outboxEvents(api, 'post.published')).filter((event) => (event.payload as { post: { id: string } }).post.id === post.id);
        expect(events).toHaveLength(1);
      } finally {
        await survivor.kill('SIGTERM');
      }
    },
    90_000,
  );
});
