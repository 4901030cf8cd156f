import type { NewOutboxEvent, Post, TransactionRepositories } from '@lps/db';
import type { Logger } from '@lps/logger';
import { NetworkError } from '@lps/network';
import { isPostponed, type QueueJob } from '@lps/queue';
import { postRow, refusalOf } from '@lps/testing';
import { handlePublishFailure, type FailureNeeds } from './handle-failure.js';
import { PermanentPublishError } from './publish-errors.js';
import { RetiredVersionAlarm } from './retired-version.js';

// handlePublishFailure with its repository functions in memory: what a failed attempt
// writes, announces and counts — retry, wait for the quota, or fail for good — without
// PostgreSQL or Redis (the journeys through both are in publish-flow and linkedin-publishing).

const MEMBER = 'member-1';
const inFlight = postRow({ id: 'post-1', memberId: MEMBER, status: 'approved', body: 'Ship small changes.', publishRequestedAt: new Date(), statusBeforePublish: 'approved' });

/** A publish job on attempt `attemptsMade + 1` of `attempts`; `delays` records where it was moved. */
function jobOn(attemptsMade: number, attempts = 3) {
  const delays: number[] = [];
  const job = { opts: { attempts }, attemptsMade, token: 'lock-1', moveToDelayed: async (at: number) => void delays.push(at) } as unknown as QueueJob;
  return { job, delays };
}

/** The use case's declared needs, each in memory; `stored` is the post as the final-failure statement finds it (null: gone or published meanwhile). */
function world(stored: Post | null = inFlight) {
  const failed: Array<{ postId: string; reason: string }> = [];
  /** The network's code each final failure was marked with (the failure inbox's `code`, decision 0038). */
  const codes: Array<string | null | undefined> = [];
  const events: NewOutboxEvent[] = [];
  const revoked: Array<{ grant: string; memberId: string; reason: string }> = [];
  const announced: string[][] = [];
  const outcomes: string[] = [];
  const alarms: string[] = [];
  const tx = {
    markPublishFailed: async (postId: string, reason: string, code?: string | null) => {
      failed.push({ postId, reason });
      codes.push(code);
      return stored && { ...stored, lastError: reason, publishRequestedAt: null, statusBeforePublish: null };
    },
    appendOutboxEvent: async (event: NewOutboxEvent) => (events.push(event), { id: `outbox-${events.length}` }),
  };
  const log = { warn: () => undefined, info: () => undefined } as unknown as Logger;
  const processLog = { error: (message: string) => void alarms.push(message) } as unknown as Logger;
  const deps: FailureNeeds = {
    repos: {
      revokeGrant: async (grant, memberId, reason) => (revoked.push({ grant, memberId, reason }), 'outbox-revoked'),
      transaction: (work) => work(tx as unknown as TransactionRepositories),
    },
    announceEvents: async (ids) => void announced.push(ids),
    metrics: { publishOutcomes: { inc: ({ outcome }) => void outcomes.push(outcome) }, scheduleLateness: { observe: () => undefined } },
    retiredVersion: new RetiredVersionAlarm(processLog),
    log,
  };
  return { deps, failed, codes, events, revoked, announced, outcomes, alarms };
}

const rejection = refusalOf;

describe('handlePublishFailure, with its repositories in memory', () => {
  it('before the last attempt, a transient failure writes and announces nothing, counts a retry and is rethrown for the backoff', async () => {
    const { deps, failed, announced, outcomes } = world();
    const error = new NetworkError('retryable', 'LinkedIn answered 503', { status: 503 });
    expect(await rejection(handlePublishFailure(deps, jobOn(0).job, inFlight, error))).toBe(error);
    expect([failed, announced, outcomes]).toEqual([[], [], ['retry']]);
  });

  it('on the last attempt it fails for good: state restored with last_error and post.publish_failed in one transaction, announced, counted, not retried', async () => {
    const { deps, failed, codes, events, announced, outcomes } = world();
    const error = new NetworkError('retryable', 'LinkedIn answered 503', { status: 503 });
    const ended = await rejection(handlePublishFailure(deps, jobOn(2).job, inFlight, error));
    const reason = 'gave up after 3 attempts: LinkedIn answered 503';
    expect([ended?.name, ended?.message]).toEqual(['UnrecoverableError', reason]);
    expect(failed).toEqual([{ postId: 'post-1', reason }]);
    // LinkedIn gave no code: the inbox shows none rather than a made-up one.
    expect(codes).toEqual([null]);
    expect(events).toEqual([
      { memberId: MEMBER, type: 'post.publish_failed', data: { post: expect.objectContaining({ id: 'post-1', status: 'approved', last_error: reason }), reason } },
    ]);
    expect([announced, outcomes]).toEqual([[['outbox-1']], ['failed']]);
  });

  it('a permanent refusal fails for good on the first attempt, with its own message as the reason', async () => {
    const { deps, failed, codes, outcomes } = world();
    const ended = await rejection(handlePublishFailure(deps, jobOn(0).job, inFlight, new PermanentPublishError('the post has no body to publish')));
    expect(ended?.name).toBe('UnrecoverableError');
    expect([failed, codes, outcomes]).toEqual([[{ postId: 'post-1', reason: 'the post has no body to publish' }], [null], ['failed']]);
  });

  it("a refusal that carries LinkedIn's code is marked with it for the failure inbox", async () => {
    const { deps, codes } = world();
    const duplicate = new NetworkError('duplicate', 'LinkedIn answered 422 DUPLICATE_POST: Content is a duplicate of urn:li:share:1', { status: 422, code: 'DUPLICATE_POST' });
    await rejection(handlePublishFailure(deps, jobOn(0).job, inFlight, duplicate));
    await rejection(handlePublishFailure(deps, jobOn(0).job, inFlight, new NetworkError('unauthorized', 'expired', { status: 401, code: 'EXPIRED_ACCESS_TOKEN' })));
    await rejection(handlePublishFailure(deps, jobOn(2).job, inFlight, new NetworkError('retryable', 'LinkedIn answered 500', { status: 500, code: 'SERVER_ERROR' })));
    expect(codes).toEqual(['DUPLICATE_POST', 'EXPIRED_ACCESS_TOKEN', 'SERVER_ERROR']);
  });

  it('a refused token disconnects the share grant (connection.revoked announced), then fails for good asking to reconnect', async () => {
    const { deps, failed, revoked, announced, outcomes } = world();
    await rejection(handlePublishFailure(deps, jobOn(0).job, inFlight, new NetworkError('unauthorized', 'token revoked', { status: 401 })));
    expect(revoked).toEqual([{ grant: 'share', memberId: MEMBER, reason: 'token revoked' }]);
    expect(failed).toEqual([{ postId: 'post-1', reason: "the network refused the member's token; reconnect the member (token revoked)" }]);
    expect([announced, outcomes]).toEqual([[['outbox-revoked'], ['outbox-1']], ['failed']]);
  });

  it('a spent quota (429 with its reset time) parks the job until then: no attempt spent, nothing written, nothing counted', async () => {
    const { deps, failed, announced, outcomes } = world();
    const { job, delays } = jobOn(2);
    const retryAt = new Date(Date.now() + 3_600_000);
    const ended = await rejection(handlePublishFailure(deps, job, inFlight, new NetworkError('retryable', 'daily quota reached', { status: 429, retryAt })));
    expect(isPostponed(ended)).toBe(true);
    expect([delays, failed, announced, outcomes]).toEqual([[retryAt.getTime()], [], [], []]);
  });

  it('a post no longer in flight (published or deleted meanwhile) gets no event to announce, and the failure still counts', async () => {
    const { deps, failed, events, announced, outcomes } = world(null);
    const ended = await rejection(handlePublishFailure(deps, jobOn(2).job, inFlight, new Error('socket hang up')));
    expect(ended?.name).toBe('UnrecoverableError');
    expect([failed.length, events, announced, outcomes]).toEqual([1, [], [], ['failed']]);
  });

  it('a retired API version (426 NONEXISTENT_VERSION) raises the process alarm once and fails each publication for good', async () => {
    const { deps, outcomes, alarms } = world();
    const retired = () => new NetworkError('permanent', 'version 202401 is retired', { status: 426, code: 'NONEXISTENT_VERSION' });
    await rejection(handlePublishFailure(deps, jobOn(0).job, inFlight, retired()));
    await rejection(handlePublishFailure(deps, jobOn(0).job, inFlight, retired()));
    expect([alarms.length, deps.retiredVersion.readiness(), outcomes]).toEqual([1, { linkedin_api_version: 'version 202401 is retired' }, ['failed', 'failed']]);
  });
});
