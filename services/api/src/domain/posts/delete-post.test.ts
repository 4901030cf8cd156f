import { postRow, refusalOf } from '@lps/testing';
import type { Post } from '@lps/db';
import type { Queues } from '@lps/queue';
import type { OutsideClients } from '../../outside-clients.js';
import type { RequestScope } from '../request-scope.js';
import { deletePost } from './delete-post.js';

// DELETE /posts/{id} with its repository functions, the job queue and the storage in memory: the row
// goes first, then its files by a job — or by the API itself when Redis is down — and a publication
// starting between the read and the delete wins (409), without PostgreSQL or Redis (the journeys
// through both are in posts.test.ts).

const MEMBER = '00000000-0000-4000-8000-0000000000a1';
const POST_ID = '00000000-0000-4000-8000-000000000001';
const post = postRow({ id: POST_ID, memberId: MEMBER, body: 'Ship small changes.' });

interface Options {
  /** The conditional delete finds the post no longer editable (a publication started meanwhile). */
  publishedMeanwhile?: boolean;
  /** Redis refuses every job. */
  queueDown?: boolean;
}

/** deletePost's declared needs, each in memory; `log` records what happened, in order. */
function depsWith(stored: Post, { publishedMeanwhile = false, queueDown = false }: Options = {}) {
  const log: string[] = [];
  const deletedPrefixes: string[] = [];
  const queue = {
    opts: { connection: {} },
    add: async (name: string) => {
      if (queueDown) throw new Error('Redis is down');
      log.push(`enqueue ${name}`);
    },
  };
  const deps = {
    repos: {
      readOwnedPost: async (memberId: string, id: string) => (stored.id === id && stored.memberId === memberId ? stored : null),
      deletePostIfEditable: async (id: string) => (log.push(`delete ${id}`), !publishedMeanwhile),
    },
    queues: new Proxy({} as Queues, { get: () => queue }),
    clients: { storage: { deletePrefix: async (prefix: string) => void deletedPrefixes.push(prefix) } } as unknown as OutsideClients,
    request: { id: 'req-1', log: { warn: () => undefined, error: () => undefined } } as unknown as RequestScope,
  };
  return { deps, log, deletedPrefixes };
}

describe('deletePost, with its repositories in memory', () => {
  it('deletes the row, then queues the deletion of its files; with Redis down the API deletes them itself', async () => {
    const queued = depsWith(post);
    await deletePost(queued.deps, MEMBER, POST_ID);
    expect(queued.log).toEqual([`delete ${POST_ID}`, 'enqueue delete-post-files']);
    expect(queued.deletedPrefixes).toEqual([]);

    const unqueued = depsWith(post, { queueDown: true });
    await deletePost(unqueued.deps, MEMBER, POST_ID);
    expect(unqueued.deletedPrefixes).toEqual([`${MEMBER}/${POST_ID}/`]);
  });

  it('answers 409 when a publication started meanwhile, and leaves the files alone; a published post and another member’s are refused before the delete', async () => {
    const { deps, log, deletedPrefixes } = depsWith(post, { publishedMeanwhile: true, queueDown: true });
    expect(await refusalOf(deletePost(deps, MEMBER, POST_ID)).then((error) => error && [error.status, error.code])).toEqual([409, 'conflict']);
    expect([log, deletedPrefixes]).toEqual([[`delete ${POST_ID}`], []]);

    for (const [stored, expected] of [
      [postRow({ ...post, status: 'published' }), [409, 'conflict']],
      [postRow({ ...post, memberId: '00000000-0000-4000-8000-0000000000b2' }), [404, 'not_found']],
    ] as const) {
      const refused = depsWith(stored);
      expect(await refusalOf(deletePost(refused.deps, MEMBER, POST_ID)).then((error) => error && [error.status, error.code])).toEqual(expected);
      expect(refused.log).toEqual([]);
    }
  });
});
