import { DelayedError, type Job } from 'bullmq';
import type { NetworkConnection, Post } from '@lps/db';
import { isNetworkError, postUrl, type Network, type NetworkAccount, type PublishedPost, type UploadedMedia } from '@lps/network';
import { announceEvents } from '@lps/runtime';
import { accountFromConnection } from '../accounts/network-accounts.js';
import type { PublisherContext } from '../publisher-context.js';
import { handlePublishFailure } from './handle-failure.js';
import { claimOf, commitPublished, referenceFor, type Claim } from './publication-records.js';
import { PermanentPublishError } from './publish-errors.js';
import { uploadMedia } from './upload-media.js';

/**
 * The publish-post job: claim → network call → commit (docs/decisions/0005).
 * Its one read claims a requested post, or a scheduled post whose time has come,
 * with the member's connection; it does nothing for a post that is published,
 * deleted, not requested, or scheduled for later.
 */
export async function publishPostJob(context: PublisherContext, postId: string, job: Job): Promise<string> {
  const now = new Date();
  const found = await context.runtime.publishPathStatements.loadAndClaim({ id: postId, reference: referenceFor(postId), now });
  if (!found) return 'post deleted';
  const { post, connection } = found;
  if (post.status === 'published') return 'already published';
  const claim = claimOf(found);
  if (!claim) {
    if (post.status !== 'scheduled' || !post.scheduledAt || post.publishRequestedAt) return 'not requested';
    if (post.scheduledAt.getTime() > now.getTime()) {
      // Rescheduled to a later time since this job was placed: wait for the new time.
      await job.moveToDelayed(post.scheduledAt.getTime(), job.token);
      throw new DelayedError();
    }
    // Due, yet the statement did not claim it: a reschedule or publish won the race.
    return 'rescheduled meanwhile';
  }
  try {
    return await publish(context, claim, connection);
  } catch (error) {
    return handlePublishFailure(context, job, claim.post, error);
  }
}

async function publish(context: PublisherContext, claim: Claim, connection: NetworkConnection | null): Promise<string> {
  const { runtime, network, pause } = context;
  const { post } = claim;
  if (!post.body?.trim()) throw new PermanentPublishError('the post has no body to publish');
  const lookup = accountFromConnection(connection, network.mode, runtime.keyring);
  if ('problem' in lookup) throw new PermanentPublishError(lookup.problem);
  const media = await uploadMedia(context, lookup.account, claim);
  await pause('after-claim', post.id);
  const published = await publishOnce(context, lookup.account, post, media, claim);
  await pause('after-call', post.id);
  const outboxId = await commitPublished(runtime.sql, runtime.publishPathStatements, claim, published);
  if (!outboxId) {
    context.log.warn('post published on the network but gone or already published here', { post_id: post.id, urn: published.urn });
    return 'published (post changed meanwhile)';
  }
  await announceEvents(runtime, [outboxId]);
  runtime.metrics.publishOutcomes.inc({ outcome: claim.recovering ? 'recovered' : 'published' });
  // A scheduled publication (no one asked for it now): how late it went out.
  if (post.scheduledAt && !post.publishRequestedAt) runtime.metrics.scheduleLateness.observe(Math.max(0, Date.now() - post.scheduledAt.getTime()) / 1000);
  context.log.info('post published', { post_id: post.id, member_id: post.memberId, urn: published.urn });
  await pause('after-commit', post.id);
  return 'published';
}

/**
 * Step 2. After an earlier attempt of ours (a crash or a time-out may have hidden
 * its success) look for that post first; LinkedIn cannot be asked, but answers a
 * repeat with "duplicate of urn:…", which names the post we already made — or a
 * deleted one, or an older post: adopted only once read back as ours.
 */
async function publishOnce(
  { network }: PublisherContext,
  account: NetworkAccount,
  post: Post,
  media: UploadedMedia | undefined,
  claim: Claim,
): Promise<PublishedPost> {
  if (claim.recovering) {
    const earlier = await network.findByReference(account, claim.reference);
    if (earlier) return earlier;
  }
  try {
    return await network.publishPost(account, { text: post.body ?? '', media, reference: claim.reference });
  } catch (error) {
    if (claim.recovering && isNetworkError(error) && error.kind === 'duplicate' && error.duplicateOf) {
      return adoptDuplicate(network, account, post.body ?? '', error.duplicateOf);
    }
    throw error;
  }
}

/** The duplicate the network named is adopted only if it is there, by this member, with this text. */
async function adoptDuplicate(network: Network, account: NetworkAccount, body: string, urn: string): Promise<PublishedPost> {
  // The URL lets the member see for themselves whether that post is the one we meant to publish.
  const refused = (why: string) =>
    new PermanentPublishError(`the network calls this post a duplicate of ${urn} (${postUrl(urn)}), but ${why}; not adopted as this publication`);
  let check;
  try {
    check = await network.checkOwnPost(account, urn, body);
  } catch (error) {
    if (isNetworkError(error) && error.retryable) throw error;
    throw refused(`it could not be read back to check it is this member's, with this text (${error instanceof Error ? error.message : String(error)})`);
  }
  if (check.verdict === 'gone') throw refused('that post no longer exists (deleted)');
  if (check.verdict === 'not ours') throw refused(check.reason);
  return { urn, url: postUrl(urn) };
}
