import type { NetworkConnection, Post, PostStatus } from '@lps/db';
import type { Queues } from '@lps/queue';
import { connectionRow, linkedInTestConfig, postRow, refusalOf } from '@lps/testing';
import type { RequestScope } from '../request-scope.js';
import { PUBLISH_REQUEST_TRIES, requestPublication } from './request-publication.js';

// requestPublication with its repository functions and the job queue in memory: which posts
// may be published, how a request joins one in flight, and what a lost race answers, without
// PostgreSQL or Redis (the journey through both, to the fake LinkedIn, is in posts.test.ts).

const config = linkedInTestConfig();

// The publish job's payload is checked as a UUID: the rows' own ids.
const post = (fields: Partial<Post> = {}) => postRow({ body: 'Ship small changes.', status: 'approved', ...fields });
const MEMBER = post().memberId;
const ID = post().id;
const IN_FLIGHT = { publishRequestedAt: new Date(), statusBeforePublish: 'approved' } as const;

interface Options {
  /** What each read of the post with its connection answers, in turn (the last one thereafter). */
  reads: ({ post: Post; connection: NetworkConnection | null } | null)[];
  /** The conditional write's answer; null: the post changed since it was read. */
  recorded?: (post: Post) => Post | null;
  /** The publish job's state in the queue. */
  jobState?: string;
}

/** The use case's declared needs, each in memory; the queue records what is added. */
function depsWith({ reads, recorded = (read) => ({ ...read, ...IN_FLIGHT }), jobState = 'unknown' }: Options) {
  const writes: { id: string; from: PostStatus }[] = [];
  const added: { name: string; data: unknown; jobId?: string; delay?: number }[] = [];
  let read = 0;
  const queue = {
    opts: { connection: { status: 'ready' } },
    getJobState: async () => jobState,
    getJob: async () => undefined,
    add: async (name: string, data: unknown, opts: { jobId?: string; delay?: number }) => void added.push({ name, data, jobId: opts.jobId, delay: opts.delay }),
  };
  const deps = {
    repos: {
      findWithConnection: async (id: string, memberId?: string) => {
        const found = reads[Math.min(read++, reads.length - 1)] ?? null;
        return found && found.post.id === id && found.post.memberId === memberId ? found : null;
      },
      markPublicationRequested: async (id: string, from: PostStatus) => {
        writes.push({ id, from });
        const current = reads[0]?.post;
        return current ? recorded(current) : null;
      },
    },
    queues: new Proxy({} as Queues, { get: () => queue }),
    config,
    request: { id: 'req-1', log: { warn: () => undefined } } as unknown as RequestScope,
  };
  return { deps, writes, added };
}

const found = (fields: Partial<Post> = {}, connection: NetworkConnection | null = connectionRow()) => ({ post: post(fields), connection });
const refusal = async (promise: Promise<unknown>) => refusalOf(promise).then((error) => error && [error.status, error.code]);

describe('requestPublication, with its repositories and queue in memory', () => {
  it('records the request from the post’s state and places job publish-<id> to run now; the state stays until the job ends', async () => {
    for (const status of ['draft_saved', 'approved', 'scheduled'] as const) {
      const { deps, writes, added } = depsWith({ reads: [found({ status })] });
      const answer = await requestPublication(deps, MEMBER, { id: ID });
      expect(writes).toEqual([{ id: ID, from: status }]);
      expect(added).toEqual([{ name: 'publish-post', data: expect.objectContaining({ postId: ID }), jobId: `publish-${ID}`, delay: 0 }]);
      expect([answer.status, answer.poll]).toEqual([status, `/api/v1/posts/${ID}`]);
    }
  });

  it('joins a publication in flight: no second write, and a live job is kept, not added again', async () => {
    const { deps, writes, added } = depsWith({ reads: [found(IN_FLIGHT)], jobState: 'active' });
    const answer = await requestPublication(deps, MEMBER, { id: ID });
    expect([writes, added]).toEqual([[], []]);
    expect(answer.post.id).toBe(ID);
  });

  it('refuses a published, generating or rejected post (409), an empty one or one without a connection (422), and another member’s (404), before any write or job', async () => {
    const cases = [
      { read: found({ status: 'published' }), expected: [409, 'conflict'] },
      { read: found({ status: 'generating_images' }), expected: [409, 'conflict'] },
      { read: found({ status: 'rejected' }), expected: [409, 'conflict'] },
      { read: found({ body: ' ' }), expected: [422, 'unprocessable'] },
      { read: found({}, null), expected: [422, 'unprocessable'] },
      { read: found({}, connectionRow({ disconnectedAt: new Date() })), expected: [422, 'unprocessable'] },
      { read: found({ memberId: '00000000-0000-4000-8000-0000000000b2' }), expected: [404, 'not_found'] },
    ];
    for (const { read, expected } of cases) {
      const { deps, writes, added } = depsWith({ reads: [read] });
      expect(await refusal(requestPublication(deps, MEMBER, { id: ID }))).toEqual(expected);
      expect([writes, added]).toEqual([[], []]);
    }
  });

  it('after a lost race, decides again on the post as it is: joins a publication that started meanwhile, records from a state another write left, 409 for a published one, 404 for a deleted one', async () => {
    const joined = depsWith({ reads: [found(), found(IN_FLIGHT)], recorded: () => null });
    expect((await requestPublication(joined.deps, MEMBER, { id: ID })).post.id).toBe(ID);
    expect([joined.writes.length, joined.added.map(({ jobId }) => jobId)]).toEqual([1, [`publish-${ID}`]]);

    // A selection approved the draft between the read and the write: no conflict, the request is recorded from `approved`.
    let tries = 0;
    const approved = depsWith({ reads: [found({ status: 'draft_saved' }), found({ status: 'approved' })], recorded: (read) => (tries++ === 0 ? null : { ...read, ...IN_FLIGHT }) });
    const answer = await requestPublication(approved.deps, MEMBER, { id: ID });
    expect([answer.post.id, approved.writes.map(({ from }) => from), approved.added.length]).toEqual([ID, ['draft_saved', 'approved'], 1]);

    for (const [meanwhile, expected] of [
      [found({ status: 'published' }), [409, 'conflict']],
      [null, [404, 'not_found']],
    ] as const) {
      const lost = depsWith({ reads: [found(), meanwhile], recorded: () => null });
      expect(await refusal(requestPublication(lost.deps, MEMBER, { id: ID }))).toEqual(expected);
      expect(lost.added).toEqual([]);
    }
  });

  it(`a post that keeps changing is decided again at most ${PUBLISH_REQUEST_TRIES} times, then 503 with Retry-After, without a job`, async () => {
    const busy = depsWith({ reads: [found(), found({ status: 'draft_saved' })], recorded: () => null });
    const refused = await refusalOf(requestPublication(busy.deps, MEMBER, { id: ID }));
    expect([refused?.status, refused?.headers?.['Retry-After'], busy.writes.length, busy.added]).toEqual([503, '1', PUBLISH_REQUEST_TRIES, []]);
  });
});
