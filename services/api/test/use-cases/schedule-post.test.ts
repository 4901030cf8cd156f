import type { NetworkConnection, Post, PostStatus } from '@lps/db';
import { connectionRow, linkedInTestConfig, postRow, refusalOf } from '@lps/testing';
import type { Queues } from '@lps/queue';
import type { RequestScope } from '../../src/domain/request-scope.js';
import { schedulePost } from '../../src/domain/publishing/schedule-post.js';

// schedulePost with its repository functions in memory: the rules of POST /posts/{id}/schedule
// without PostgreSQL or Redis (the journey through both is in posts.test.ts).

const HOUR = 3_600_000;
const config = linkedInTestConfig();

const MEMBER = 'member-1';
const post = (fields: Partial<Post> = {}) => postRow({ id: 'post-1', memberId: MEMBER, body: 'Ship small changes.', ...fields });
const connection = (fields: Partial<NetworkConnection> = {}) => connectionRow({ memberId: MEMBER, ...fields });

/** The use case's declared needs, each in memory; `queues` refuses every call, as Redis down would. */
function depsWith(
  found: { post: Post; connection: NetworkConnection | null } | null,
  scheduled: (at: Date) => Post | null = (at) => post({ status: 'scheduled', scheduledAt: at }),
) {
  const writes: Date[] = [];
  const warnings: string[] = [];
  const request = { id: 'req-1', log: { warn: (message: string) => void warnings.push(message) } } as unknown as RequestScope;
  const deps = {
    repos: {
      findWithConnection: async (id: string, memberId?: string) => (found && found.post.id === id && found.post.memberId === memberId ? found : null),
      schedulePublication: async (_id: string, _from: PostStatus[], at: Date) => (writes.push(at), scheduled(at)),
    },
    queues: new Proxy({} as Queues, {
      get: () => {
        throw new Error('Redis is down');
      },
    }),
    config,
    request,
  };
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
    expect(writes.map((date) => date.toISOString())).toEqual([at]);
    expect(warnings).toEqual(['could not place the publish job; the schedule sweeper will']);
  });

  it("answers 404 for another member's post, like a missing one, and writes nothing", async () => {
    const { deps, writes } = depsWith({ post: post({ memberId: 'member-2' }), connection: connection() });
    expect(await refusal(schedulePost(deps, MEMBER, { id: 'post-1', scheduled_at: inTwoHours() }))).toEqual([404, 'not_found', expect.any(String)]);
    expect(writes).toEqual([]);
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
      expect(writes).toEqual([]);
    }
  });

  it("refuses a time after the member's connection ends, naming the end", async () => {
    const ends = new Date(Date.now() + HOUR);
    const { deps, writes } = depsWith({ post: post(), connection: connection({ expiresAt: ends }) });
    const [status, , message] = (await refusal(schedulePost(deps, MEMBER, { id: 'post-1', scheduled_at: inTwoHours() }))) ?? [];
    expect([status, message]).toEqual([422, expect.stringContaining(ends.toISOString())]);
    expect(writes).toEqual([]);
  });

  it('answers 409 when the post changed between the read and the conditional write, and places no job', async () => {
    const { deps, writes, warnings } = depsWith({ post: post(), connection: connection() }, () => null);
    expect((await refusal(schedulePost(deps, MEMBER, { id: 'post-1', scheduled_at: inTwoHours() })))?.slice(0, 2)).toEqual([409, 'conflict']);
    expect([writes.length, warnings]).toEqual([1, []]);
  });
});
