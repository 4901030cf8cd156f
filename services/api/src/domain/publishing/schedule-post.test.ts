import type { NetworkConnection, Post } from '@lps/db';
import { connectionRow, inMemoryPosts, linkedInTestConfig, postRow, refusalOf } from '@lps/testing';
import type { Queues } from '@lps/queue';
import type { OutsideClients } from '../../outside-clients.js';
import type { RequestScope } from '../request-scope.js';
import { schedulePost } from './schedule-post.js';

// schedulePost with its repository functions in memory: the rules of POST /posts/{id}/schedule
// without PostgreSQL or Redis (the journey through both is in posts.test.ts).

const HOUR = 3_600_000;
const config = linkedInTestConfig();

const MEMBER = 'member-1';
const post = (fields: Partial<Post> = {}) => postRow({ id: 'post-1', memberId: MEMBER, body: 'Ship small changes.', ...fields });
const connection = (fields: Partial<NetworkConnection> = {}) => connectionRow({ memberId: MEMBER, ...fields });

/**
 * The use case's declared needs, each in memory: the read of the post with its connection, and the
 * posts table whose row the write locks (`meanwhile`: the post as another request left it by then).
 * `queues` refuses every call, as Redis down would.
 */
function depsWith(found: { post: Post; connection: NetworkConnection | null } | null, meanwhile?: Post) {
  const store = inMemoryPosts(...(found ? [meanwhile ?? found.post] : []));
  const warnings: string[] = [];
  const request = { id: 'req-1', log: { warn: (message: string) => void warnings.push(message) } } as unknown as RequestScope;
  const deps = {
    repos: {
      ...store.repos,
      findWithConnection: async (id: string, memberId?: string) => (found && found.post.id === id && found.post.memberId === memberId ? found : null),
    },
    queues: new Proxy({} as Queues, {
      get: () => {
        throw new Error('Redis is down');
      },
    }),
    config,
    request,
    clients: { storage: { keyFromUrl: () => undefined } } as unknown as OutsideClients,
  };
  const writes = () => store.writes.map(({ set }) => set.scheduledAt);
  return { deps, writes, warnings };
}

const inTwoHours = () => new Date(Date.now() + 2 * HOUR).toISOString();
const refusal = async (promise: Promise<unknown>) => refusalOf(promise).then((error) => error && [error.status, error.code, error.message]);

describe('schedulePost, with its repositories in memory', () => {
  it('stores the time, and the schedule stands when Redis refuses the job: the sweeper places it from the database', async () => {
    const { deps, writes, warnings } = depsWith({ post: post(), connection: connection() });
    const at = inTwoHours();
    const answer = await schedulePost(deps, MEMBER, { id: 'post-1', scheduled_at: at });
    expect([answer.post.status, answer.post.scheduled_at]).toEqual(['scheduled', at]);
    expect(writes().map((date) => date?.toISOString())).toEqual([at]);
    expect(warnings).toEqual(['could not place the publish job; the schedule sweeper will']);
  });

  it("answers 404 for another member's post, like a missing one, and writes nothing", async () => {
    const { deps, writes } = depsWith({ post: post({ memberId: 'member-2' }), connection: connection() });
    expect(await refusal(schedulePost(deps, MEMBER, { id: 'post-1', scheduled_at: inTwoHours() }))).toEqual([404, 'not_found', expect.any(String)]);
    expect(writes()).toEqual([]);
  });

  it('refuses a post being published (409), an empty one and one without a connection (422), before any write', async () => {
    const cases = [
      { found: { post: post({ publishRequestedAt: new Date() }), connection: connection() }, expected: [409, 'conflict'] },
      { found: { post: post({ body: '  ' }), connection: connection() }, expected: [422, 'unprocessable'] },
      { found: { post: post(), connection: null }, expected: [422, 'unprocessable'] },
    ];
    for (const { found, expected } of cases) {
      const { deps, writes } = depsWith(found);
      expect((await refusal(schedulePost(deps, MEMBER, { id: 'post-1', scheduled_at: inTwoHours() })))?.slice(0, 2)).toEqual(expected);
      expect(writes()).toEqual([]);
    }
  });

  it("refuses a time after the member's connection ends, naming the end", async () => {
    const ends = new Date(Date.now() + HOUR);
    const { deps, writes } = depsWith({ post: post(), connection: connection({ expiresAt: ends }) });
    const [status, , message] = (await refusal(schedulePost(deps, MEMBER, { id: 'post-1', scheduled_at: inTwoHours() }))) ?? [];
    expect([status, message]).toEqual([422, expect.stringContaining(ends.toISOString())]);
    expect(writes()).toEqual([]);
  });

  it('decides on the post as it is when its turn comes: a publication that started meanwhile is a 409, and no job is placed', async () => {
    const { deps, writes, warnings } = depsWith({ post: post(), connection: connection() }, post({ publishRequestedAt: new Date() }));
    expect((await refusal(schedulePost(deps, MEMBER, { id: 'post-1', scheduled_at: inTwoHours() })))?.slice(0, 2)).toEqual([409, 'conflict']);
    expect([writes(), warnings]).toEqual([[], []]);
  });

  it('an approval that landed meanwhile is no conflict: the post is scheduled from its state then', async () => {
    const { deps, writes } = depsWith(
      { post: post({ status: 'draft_saved' }), connection: connection() },
      post({ status: 'approved', imageUrl: 'https://files.example/a.png', format: 'image' }),
    );
    const answer = await schedulePost(deps, MEMBER, { id: 'post-1', scheduled_at: inTwoHours() });
    expect([answer.post.status, answer.post.image_url, writes().length]).toEqual(['scheduled', 'https://files.example/a.png', 1]);
  });
});
