import type { NetworkConnection, PlanningSettings, Post, PostStatus, SlotQueueing, SlotQueueingOutcome } from '@lps/db';
import type { Queues } from '@lps/queue';
import { connectionRow, linkedInTestConfig, postRow, refusalOf } from '@lps/testing';
import type { RequestScope } from '../request-scope.js';
import { queuePost } from './queue-post.js';

// queuePost with its repositories and queue in memory and the clock passed in: which slot a
// post gets (the earliest at least two minutes ahead that no other post takes, with each date's
// time-zone rules), what is refused, and what a lost race does — with the clock moved to the
// 2027 changes, not waited for. That two concurrent queue calls never share a slot is the SQL's
// (the member lock), proved through PostgreSQL in planning.test.ts.

const config = linkedInTestConfig();
const post = (fields: Partial<Post> = {}) => postRow({ body: 'Ship small changes.', ...fields });
const MEMBER = post().memberId;
const ID = post().id;
/** A LinkedIn token good past the 2027 clocks these tests set (the default row's runs out 50 days from the real now). */
const live = () => connectionRow({ memberId: MEMBER, expiresAt: new Date('2029-01-01T00:00:00Z') });

/** Saturday 09:00, Sunday 02:30 (skipped on 2027-03-28) and Monday 09:00, in Paris. */
const PARIS: PlanningSettings = {
  timeZone: 'Europe/Paris',
  approvalRequired: false,
  postingSlots: [
    { day: 'monday', time: '09:00' },
    { day: 'saturday', time: '09:00' },
    { day: 'sunday', time: '02:30' },
  ],
};

interface Options {
  settings?: PlanningSettings | null;
  reads?: { post: Post; connection: NetworkConnection | null; approvalRequired?: boolean }[];
  /** Instants other posts take. */
  taken?: (at: Date) => boolean;
  /** Outcomes of the write, in turn, before the slot search answers as usual. */
  races?: SlotQueueingOutcome[];
}

function depsWith({ settings = PARIS, reads = [{ post: post(), connection: live() }], taken = () => false, races = [] }: Options = {}) {
  const writes: { allowedFrom: PostStatus[]; chunksSeen: number }[] = [];
  const added: { jobId?: string; delay?: number }[] = [];
  let read = 0;
  const queue = {
    opts: { connection: { status: 'ready' } },
    getJobState: async () => 'unknown',
    getJob: async () => undefined,
    add: async (_name: string, _data: unknown, opts: { jobId?: string; delay?: number }) => void added.push({ jobId: opts.jobId, delay: opts.delay }),
  };
  const deps = {
    repos: {
      findWithConnection: async (id: string, memberId?: string) => {
        const found = reads[Math.min(read++, reads.length - 1)] ?? null;
        return found && found.post.id === id && found.post.memberId === memberId ? found : null;
      },
      findMemberSettings: async () => settings,
      queueInFreeSlot: async (queueing: SlotQueueing): Promise<SlotQueueingOutcome> => {
        const write = { allowedFrom: queueing.allowedFrom, chunksSeen: 0 };
        writes.push(write);
        const race = races.shift();
        if (race) return race;
        for (const chunk of queueing.candidates) {
          write.chunksSeen += 1;
          const free = chunk.find((at) => !taken(at));
          if (free) return { post: post({ status: 'scheduled', scheduledAt: free, statusBeforeSchedule: queueing.allowedFrom[0] ?? null }) };
        }
        return { problem: 'no free slot' };
      },
    },
    queues: new Proxy({} as Queues, { get: () => queue }),
    config,
    request: { id: 'req-1', log: { warn: () => undefined } } as unknown as RequestScope,
  };
  return { deps, writes, added };
}

const queueAt = (deps: ReturnType<typeof depsWith>['deps'], now: string) => queuePost(deps, MEMBER, { id: ID }, new Date(now));
const refusal = async (promise: Promise<unknown>) => refusalOf(promise).then((error) => error && [error.status, error.code, error.message]);

describe('queuePost picks the earliest free slot at least two minutes ahead', () => {
  it('skips a slot less than two minutes away and takes 02:30 on the spring-forward day as 03:30 CEST', async () => {
    // Saturday 2027-03-27 08:58:30 in Paris: 09:00 is 90 s away.
    const { deps } = depsWith();
    expect((await queueAt(deps, '2027-03-27T07:58:30Z')).post.scheduled_at).toBe('2027-03-28T01:30:00.000Z');
  });

  it('takes a slot exactly two minutes away', async () => {
    const { deps } = depsWith();
    expect((await queueAt(deps, '2027-03-27T07:58:00Z')).post.scheduled_at).toBe('2027-03-27T08:00:00.000Z');
  });

  it('passes over taken slots: Monday after the change is 09:00 CEST (07:00 UTC)', async () => {
    const takenAt = new Set(['2027-03-27T08:00:00.000Z', '2027-03-28T01:30:00.000Z']);
    const { deps } = depsWith({ taken: (at) => takenAt.has(at.toISOString()) });
    expect((await queueAt(deps, '2027-03-27T07:00:00Z')).post.scheduled_at).toBe('2027-03-29T07:00:00.000Z');
  });

  it('on the autumn change takes the first 02:30 (CEST), and the next Saturday 09:00 is CET', async () => {
    const { deps } = depsWith({ taken: (at) => at.toISOString() === '2027-10-30T07:00:00.000Z' });
    expect((await queueAt(deps, '2027-10-30T06:00:00Z')).post.scheduled_at).toBe('2027-10-31T00:30:00.000Z');
    const later = depsWith({ taken: (at) => at < new Date('2027-11-06T00:00:00Z') });
    expect((await queueAt(later.deps, '2027-10-30T06:00:00Z')).post.scheduled_at).toBe('2027-11-06T08:00:00.000Z');
  });

  it('queues from the state it read and places the publish job for the slot', async () => {
    const { deps, writes, added } = depsWith({ reads: [{ post: post({ status: 'approved' }), connection: live() }] });
    const now = '2027-03-27T07:00:00Z';
    const answer = await queueAt(deps, now);
    expect(answer.post).toMatchObject({ status: 'scheduled', scheduled_at: '2027-03-27T08:00:00.000Z' });
    expect(writes).toEqual([{ allowedFrom: ['approved'], chunksSeen: 1 }]);
    // The job's delay is from the real clock (the job waits in real time): only its id is checked here.
    expect(added.map((job) => job.jobId)).toEqual([`publish-${ID}`]);
  });
});

describe('queuePost refuses', () => {
  it('with 422 when the schedule has no slots, before any write', async () => {
    const { deps, writes } = depsWith({ settings: { ...PARIS, postingSlots: [] } });
    expect((await refusal(queueAt(deps, '2027-03-27T07:00:00Z')))?.slice(0, 2)).toEqual([422, 'unprocessable']);
    expect(writes).toEqual([]);
  });

  it('with 422 when every slot within a year is taken, having looked a whole year ahead', async () => {
    const { deps, writes } = depsWith({ taken: () => true });
    const [status, code, message] = (await refusal(queueAt(deps, '2027-03-27T07:00:00Z'))) ?? [];
    expect([status, code, message]).toEqual([422, 'unprocessable', expect.stringContaining('within a year')]);
    expect(writes[0]?.chunksSeen).toBe(14);
  });

  it('with 422 naming the end of the LinkedIn connection when no slot is free before it', async () => {
    const ends = new Date('2027-04-02T00:00:00Z');
    const { deps } = depsWith({ reads: [{ post: post(), connection: connectionRow({ memberId: MEMBER, expiresAt: ends }) }], taken: (at) => at < ends });
    const [status, , message] = (await refusal(queueAt(deps, '2027-03-27T07:00:00Z'))) ?? [];
    expect([status, message]).toEqual([422, expect.stringContaining(ends.toISOString())]);
  });

  it('with 409 for a published, rejected, image-generating or in-flight post, before any write', async () => {
    for (const fields of [{ status: 'published' }, { status: 'rejected' }, { status: 'generating_images' }, { publishRequestedAt: new Date() }] as Partial<Post>[]) {
      const { deps, writes } = depsWith({ reads: [{ post: post(fields), connection: live() }] });
      expect((await refusal(queueAt(deps, '2027-03-27T07:00:00Z')))?.slice(0, 2)).toEqual([409, 'conflict']);
      expect(writes).toEqual([]);
    }
  });

  it('with 409 saying it needs approval when the member requires approval and the post is not approved', async () => {
    for (const fields of [{ status: 'draft_saved' }, { status: 'scheduled', statusBeforeSchedule: 'draft_saved' }] as Partial<Post>[]) {
      const { deps, writes } = depsWith({ reads: [{ post: post(fields), connection: live(), approvalRequired: true }] });
      const [status, code, message] = (await refusal(queueAt(deps, '2027-03-27T07:00:00Z'))) ?? [];
      expect([status, code, message]).toEqual([409, 'conflict', expect.stringContaining('needs approval')]);
      expect(writes).toEqual([]);
    }
    const approved = depsWith({ reads: [{ post: post({ status: 'scheduled', statusBeforeSchedule: 'approved' }), connection: live(), approvalRequired: true }] });
    expect((await queueAt(approved.deps, '2027-03-27T07:00:00Z')).post.status).toBe('scheduled');
  });

  it("answers 404 for another member's post, like a missing one", async () => {
    const { deps } = depsWith({ reads: [{ post: post({ memberId: 'someone-else' }), connection: null }] });
    expect((await refusal(queueAt(deps, '2027-03-27T07:00:00Z')))?.slice(0, 2)).toEqual([404, 'not_found']);
  });
});

describe('queuePost after a lost race', () => {
  it('reads the post again and queues it when the change still applies', async () => {
    const { deps, writes } = depsWith({
      reads: [
        { post: post({ status: 'draft_saved' }), connection: live() },
        { post: post({ status: 'approved' }), connection: live() },
      ],
      races: [{ problem: 'changed' }],
    });
    expect((await queueAt(deps, '2027-03-27T07:00:00Z')).post.status).toBe('scheduled');
    expect(writes.map((write) => write.allowedFrom)).toEqual([['draft_saved'], ['approved']]);
  });

  it('answers what the new state says when it no longer applies (published meanwhile: 409)', async () => {
    const { deps } = depsWith({
      reads: [
        { post: post(), connection: live() },
        { post: post({ status: 'published' }), connection: live() },
      ],
      races: [{ problem: 'changed' }],
    });
    expect((await refusal(queueAt(deps, '2027-03-27T07:00:00Z')))?.slice(0, 2)).toEqual([409, 'conflict']);
  });

  it('gives up with 409 after three lost races in a row', async () => {
    const { deps, writes } = depsWith({ races: [{ problem: 'changed' }, { problem: 'changed' }, { problem: 'changed' }] });
    expect((await refusal(queueAt(deps, '2027-03-27T07:00:00Z')))?.slice(0, 2)).toEqual([409, 'conflict']);
    expect(writes).toHaveLength(3);
  });
});
