import type { Post } from '@lps/db';
import { inMemoryPosts, postRow, refusalOf } from '@lps/testing';
import type { Queues } from '@lps/queue';
import type { RequestScope } from '../request-scope.js';
import { duplicatePost } from './duplicate-post.js';

// POST /posts/{id}/duplicate with its repository functions in memory (decision 0043): what a copy
// carries and what it leaves behind, without PostgreSQL or Redis (the HTTP side is duplicate-post.test.ts).

const MEMBER = '00000000-0000-4000-8000-0000000000a1';
const SOURCE = '00000000-0000-4000-8000-000000000001';
const COPY = '00000000-0000-4000-8000-000000000002';
const source = (fields: Partial<Post> = {}) => postRow({ id: SOURCE, memberId: MEMBER, body: 'Ship small changes.', idea: 'Small changes', templateId: 'how-to', ...fields });

function depsWith(stored: Post) {
  const store = inMemoryPosts(stored);
  const inserted: Array<Record<string, unknown>> = [];
  const jobs: Array<{ name: string; data: Record<string, unknown> }> = [];
  const queue = { opts: { connection: {} }, add: async (name: string, data: Record<string, unknown>) => void jobs.push({ name, data }) };
  const deps = {
    repos: {
      readOwnedPost: store.repos.readOwnedPost,
      insertPost: async (data: Record<string, unknown>) => {
        inserted.push(data);
        return postRow({ ...(data as Partial<Post>), id: COPY });
      },
    },
    queues: new Proxy({} as Queues, { get: () => queue }),
    request: { id: 'req-1', log: { warn: () => undefined, error: () => undefined, info: () => undefined } } as unknown as RequestScope,
  };
  return { deps, inserted, jobs };
}

describe('duplicatePost, with its repositories in memory', () => {
  it('inserts a draft with the words of a published image post, and none of its media or publication', async () => {
    const { deps, inserted, jobs } = depsWith(
      source({
        status: 'published',
        format: 'image',
        imageUrl: 'https://files.example/a.png',
        images: [{ image_url: 'https://files.example/a.png', alt_text: 'A desk' }],
        networkUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1/',
        publishedAt: new Date(),
      }),
    );
    const answer = await duplicatePost(deps, MEMBER, SOURCE);
    expect(inserted).toEqual([
      expect.objectContaining({ memberId: MEMBER, status: 'draft_saved', body: 'Ship small changes.', idea: 'Small changes', templateId: 'how-to', format: 'text' }),
    ]);
    for (const left of ['imageUrl', 'images', 'imageCandidates', 'networkUrl', 'publishedAt', 'scheduledAt', 'poll']) expect(inserted[0]).not.toHaveProperty(left);
    expect(answer.post).toMatchObject({ id: COPY, status: 'draft_saved', image_url: null });
    expect(jobs).toEqual([]);
  });

  it('keeps a poll post a poll', async () => {
    const poll = { question: 'Tabs or spaces?', options: ['Tabs', 'Spaces'], duration_days: 7 };
    const { deps, inserted } = depsWith(source({ format: 'poll', poll }));
    await duplicatePost(deps, MEMBER, SOURCE);
    expect(inserted[0]).toMatchObject({ format: 'poll', poll });
  });

  it('asks for the page of a link the source has no card for yet, under the copy’s id', async () => {
    const { deps, inserted, jobs } = depsWith(source({ body: 'Read https://example.org/notes', linkPreview: null }));
    await duplicatePost(deps, MEMBER, SOURCE);
    const card = inserted[0]?.linkPreview as { url: string; request_id: string };
    expect(card.url).toBe('https://example.org/notes');
    expect(jobs).toEqual([{ name: 'fetch-link-preview', data: expect.objectContaining({ postId: COPY, requestId: card.request_id }) }]);
  });

  it('answers 404 for another member’s post, inserting nothing', async () => {
    const { deps, inserted } = depsWith(source({ memberId: '00000000-0000-4000-8000-0000000000a2' }));
    expect((await refusalOf(duplicatePost(deps, MEMBER, SOURCE)))?.status).toBe(404);
    expect(inserted).toEqual([]);
  });
});
