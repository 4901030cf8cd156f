import { attemptsOf, failJobForGood, postponeJob, type QueueJob } from '@lps/queue';
import type { Post } from '@lps/db';
import { isNetworkError } from '@lps/network';
import type { Needs } from '../publisher-context.js';
import { revokeRefusedGrant } from '../accounts/revoke-refused-grant.js';
import { commitFailed } from './publication-records.js';
import { PermanentPublishError } from './publish-errors.js';

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
/** The network's code for the failure (LinkedIn's EXPIRED_ACCESS_TOKEN, DUPLICATE_POST, …), shown in the failure inbox. */
const codeOf = (error: unknown): string | null => (isNetworkError(error) ? (error.code ?? null) : null);

/** What a failed attempt may lead to: the grant revoked, the failure committed and announced, the outcome counted. */
export type FailureNeeds = Needs<'revokeGrant' | 'transaction', 'announceEvents' | 'metrics' | 'retiredVersion' | 'log'>;

/**
 * Decides what a failed attempt means: wait for a quota reset, retry with backoff,
 * or fail for good (docs/api.md: state restored, last_error, post.publish_failed).
 */
export async function handlePublishFailure(context: FailureNeeds, job: QueueJob, post: Post, error: unknown): Promise<never> {
  if (isNetworkError(error) && error.kind === 'unauthorized') {
    await revokeRefusedGrant(context, 'share', post.memberId, reasonOf(error));
    context.log.warn("the member's network token was refused: marked disconnected", { member_id: post.memberId });
    return failForGood(context, post, `the network refused the member's token; reconnect the member (${reasonOf(error)})`, codeOf(error));
  }
  if (isNetworkError(error) && error.code === 'NONEXISTENT_VERSION') context.retiredVersion.raise(reasonOf(error));
  const permanent = error instanceof PermanentPublishError || (isNetworkError(error) && !error.retryable);
  if (permanent) return failForGood(context, post, reasonOf(error), codeOf(error));
  if (isNetworkError(error) && error.retryAt) {
    context.log.warn('network quota reached: publication waits for the reset', { post_id: post.id, retry_at: error.retryAt.toISOString() });
    return postponeJob(job, error.retryAt.getTime());
  }
  const attempts = attemptsOf(job);
  if (attempts.last) return failForGood(context, post, `gave up after ${attempts.allowed} attempts: ${reasonOf(error)}`, codeOf(error));
  context.metrics.publishOutcomes.inc({ outcome: 'retry' });
  throw error;
}

async function failForGood(context: Needs<'transaction', 'announceEvents' | 'metrics' | 'log'>, post: Post, reason: string, code: string | null): Promise<never> {
  const outboxId = await commitFailed(context.repos, post.id, reason, code);
  if (outboxId) await context.announceEvents([outboxId]);
  context.metrics.publishOutcomes.inc({ outcome: 'failed' });
  context.log.warn('publication failed for good', { post_id: post.id, member_id: post.memberId, reason });
  return failJobForGood(reason);
}
