import { postponeJob, type QueueJob } from '@lps/queue';
import type { Needs } from '../publisher-context.js';
import type { Claim } from './publication-records.js';

/**
 * Moves the publish job to the delayed set until `at`, freeing its worker slot,
 * when the publication waits for something before it can create the post (the
 * link card's page, a video LinkedIn is processing). The post was not sent, so
 * the attempt the claim counted is given back: the run after the wait is no
 * recovery looking for an earlier post (decision 0005 step 2).
 */
export async function lookAgainLater({ repos }: Needs<'giveBackUnsentAttempt'>, claim: Claim, job: QueueJob, at: number): Promise<never> {
  const { post } = claim;
  if (post.publishClaimedAt) await repos.giveBackUnsentAttempt(post.id, post.publishClaimedAt);
  return postponeJob(job, at);
}
