import type { Post, Review } from '@lps/db';
import type { Queues } from '@lps/queue';
import { postRow, refusalOf } from '@lps/testing';
import type { RequestScope } from '../request-scope.js';
import { approvePost, rejectPost } from './review-post.js';

// approvePost and rejectPost with their repositories in memory: which posts may be reviewed,
// what a repeat does (nothing, no second event), and what a lost race does.

const post = (fields: Partial<Post> = {}) => postRow({ body: 'Ship small changes.', ...fields });
const MEMBER = post().memberId;
const ID = post().id;
const NOW = new Date('2027-03-28T10:00:00Z');

/** The conditional write as the SQL does it: only while the post shows what the caller saw. */
function reviewed(current: Post, review: Review): Post | null {
  if (current.status !== review.seen.status || current.statusBeforeSchedule !== review.seen.statusBeforeSchedule || current.publishRequestedAt) return null;
  const keepsSlot = review.verdict === 'approved' && current.status === 'scheduled';
  return {
    ...current,
    status: keepsSlot ? 'scheduled' : review.verdict,
    statusBeforeSchedule: keepsSlot ? 'approved' : null,
    scheduledAt: review.verdict === 'approved' ? current.scheduledAt : null,
    reviewNote: review.note,
  };
}

/** `rows`: what each read answers in turn (the last thereafter); the write sees the post as it is by then. */
function depsWith(...rows: Post[]) {
  const writes: Review[] = [];
  const announced: string[][] = [];
  const removed: string[] = [];
  let read = 0;
  let current = rows[0] as Post;
  const job = { getState: async () => 'delayed', remove: async () => void removed.push('job') };
  const deps = {
    repos: {
      readOwnedPost: async (memberId: string, id: string) => {
        current = rows[Math.min(read++, rows.length - 1)] as Post;
        return current.memberId === memberId && current.id === id ? current : null;
      },
      reviewPost: async (review: Review) => {
        writes.push(review);
        const post = reviewed(rows[Math.min(read, rows.length - 1)] as Post, review);
        return post ? { post, outboxId: `event-${writes.length}` } : null;
      },
    },
    announceEvents: async (ids: string[]) => void announced.push(ids),
    queues: new Proxy({} as Queues, { get: () => ({ opts: { connection: { status: 'ready' } }, getJob: async () => job }) }),
    request: { id: 'req-1', log: { warn: () => undefined } } as unknown as RequestScope,
  };
  return { deps, writes, announced, removed, current: () => current };
}

const refusal = async (promise: Promise<unknown>) => refusalOf(promise).then((error) => error && [error.status, error.code]);

describe('approvePost', () => {
  it('approves a draft, clears the review note and announces post.approved', async () => {
    const { deps, announced } = depsWith(post({ status: 'rejected', reviewNote: 'Too long.' }));
    const answer = await approvePost(deps, MEMBER, ID, NOW);
    expect(answer.post).toMatchObject({ status: 'approved', review_note: null });
    expect(announced).toEqual([['event-1']]);
  });

  it('keeps a scheduled post scheduled, its approval recorded as the state it returns to', async () => {
    const at = new Date('2027-04-01T07:00:00Z');
    const { deps, writes } = depsWith(post({ status: 'scheduled', scheduledAt: at, statusBeforeSchedule: 'draft_saved' }));
    const answer = await approvePost(deps, MEMBER, ID, NOW);
    expect(answer.post).toMatchObject({ status: 'scheduled', scheduled_at: at.toISOString() });
    expect(writes[0]).toMatchObject({ verdict: 'approved', seen: { status: 'scheduled', statusBeforeSchedule: 'draft_saved' } });
  });

  it('writes nothing and announces nothing for a post already approved', async () => {
    for (const already of [post({ status: 'approved' }), post({ status: 'scheduled', statusBeforeSchedule: 'approved', scheduledAt: NOW })]) {
      const { deps, writes, announced } = depsWith(already);
      expect((await approvePost(deps, MEMBER, ID, NOW)).post.status).toBe(already.status);
      expect([writes, announced]).toEqual([[], []]);
    }
  });

  it('answers 409 for a published, in-flight or image-generating post, and 404 for another member’s', async () => {
    for (const fields of [{ status: 'published' }, { publishRequestedAt: NOW }, { status: 'generating_images' }] as Partial<Post>[]) {
      const { deps, writes } = depsWith(post(fields));
      expect(await refusal(approvePost(deps, MEMBER, ID, NOW))).toEqual([409, 'conflict']);
      expect(writes).toEqual([]);
    }
    const { deps } = depsWith(post({ memberId: 'someone-else' }));
    expect(await refusal(approvePost(deps, MEMBER, ID, NOW))).toEqual([404, 'not_found']);
  });

  it('reads the post again after a lost race and approves it when its content is what it read', async () => {
    const { deps, writes, announced } = depsWith(post({ status: 'draft_saved' }), post({ status: 'draft_saved', lastError: 'written meanwhile' }));
    // The first write loses (another request wrote the row in between); the second read finds the same content.
    deps.repos.reviewPost = (async (review: Review) => {
      writes.push(review);
      return writes.length === 1 ? null : { post: post({ status: 'approved' }), outboxId: 'event-2' };
    }) as typeof deps.repos.reviewPost;
    expect((await approvePost(deps, MEMBER, ID, NOW)).post.status).toBe('approved');
    expect([writes.length, announced]).toEqual([2, [['event-2']]]);
    // Each write carried the row version it read.
    expect(writes.map((write) => write.seen.updatedAt)).toEqual([expect.any(Date), expect.any(Date)]);
  });

  it('answers 409 when the content changed while it was being approved: nobody reviewed the new text', async () => {
    const { deps, writes, announced } = depsWith(post({ status: 'draft_saved' }), post({ status: 'draft_saved', body: 'Edited meanwhile.' }));
    deps.repos.reviewPost = (async (review: Review) => (writes.push(review), null)) as typeof deps.repos.reviewPost;
    expect(await refusal(approvePost(deps, MEMBER, ID, NOW))).toEqual([409, 'conflict']);
    expect([writes.length, announced]).toEqual([1, []]);
  });
});

describe('rejectPost', () => {
  it('rejects with the note, takes a scheduled post off its slot and removes its waiting job', async () => {
    const { deps, removed, announced } = depsWith(post({ status: 'scheduled', scheduledAt: NOW, statusBeforeSchedule: 'approved' }));
    const answer = await rejectPost(deps, MEMBER, ID, { note: 'Not this week.' }, NOW);
    expect(answer.post).toMatchObject({ status: 'rejected', review_note: 'Not this week.', scheduled_at: null });
    expect([removed, announced]).toEqual([['job'], [['event-1']]]);
  });

  it('rejects without a note; a repeat with the same note writes nothing, a new note is a new rejection', async () => {
    expect((await rejectPost(depsWith(post()).deps, MEMBER, ID, {}, NOW)).post).toMatchObject({ status: 'rejected', review_note: null });
    const same = depsWith(post({ status: 'rejected', reviewNote: 'Too long.' }));
    await rejectPost(same.deps, MEMBER, ID, { note: 'Too long.' }, NOW);
    expect(same.writes).toEqual([]);
    const other = depsWith(post({ status: 'rejected', reviewNote: 'Too long.' }));
    expect((await rejectPost(other.deps, MEMBER, ID, { note: 'Still too long.' }, NOW)).post.review_note).toBe('Still too long.');
    expect(other.announced).toEqual([['event-1']]);
  });

  it('gives up with 409 when the post keeps changing (three lost races)', async () => {
    const { deps, writes } = depsWith(post());
    deps.repos.reviewPost = (async (review: Review) => (writes.push(review), null)) as typeof deps.repos.reviewPost;
    expect(await refusal(rejectPost(deps, MEMBER, ID, {}, NOW))).toEqual([409, 'conflict']);
    expect(writes).toHaveLength(3);
  });
});
