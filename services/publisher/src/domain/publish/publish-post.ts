import { isPostponed, postponeJob, type QueueJob } from '@lps/queue';
import { postPollOf, type NetworkConnection, type Post } from '@lps/db';
import {
  composeCommentary,
  hasScope,
  isNetworkError,
  type ArticleCard,
  type NetworkAccount,
  type PollRequest,
  type PublishedPost,
  type UploadedImage,
  type UploadedMedia,
} from '@lps/network';
import { accountFromConnection } from '../accounts/network-accounts.js';
import type { Needs } from '../publisher-context.js';
import { adoptDuplicate } from './adopt-duplicate.js';
import { handlePublishFailure, type FailureNeeds } from './handle-failure.js';
import { linkCardFor, type LinkCardNeeds } from './link-card.js';
import { claimOf, commitPublished, referenceFor, type Claim } from './publication-records.js';
import { PermanentPublishError } from './publish-errors.js';
import { uploadMedia, type MediaNeeds } from './upload-media.js';

/** Reading a member's post back needs this private permission (Posts API page); few apps hold it. */
const READ_BACK_SCOPE = 'r_member_social';

/** A publication's needs: its claim and commit, its media and link card, and what a failure leads to. */
export type PublishNeeds = Needs<'loadAndClaim' | 'commitIfUnchanged' | 'markPublishedWithEvent', 'network' | 'keyring' | 'pause' | 'announceEvents' | 'metrics' | 'log'> &
  MediaNeeds &
  LinkCardNeeds &
  FailureNeeds;

/**
 * The publish-post job: claim → network call → commit (docs/decisions/0005).
 * Its one read claims a requested post, or a scheduled post whose time has come,
 * with the member's connection; it does nothing for a post that is published,
 * deleted, not requested, or scheduled for later.
 */
export async function publishPostJob(context: PublishNeeds, postId: string, job: QueueJob): Promise<string> {
  const now = new Date();
  const found = await context.repos.loadAndClaim({ id: postId, reference: referenceFor(postId), now });
  if (!found) return 'post deleted';
  const { post, connection } = found;
  if (post.status === 'published') return 'already published';
  const claim = claimOf(found);
  if (!claim) {
    if (post.status !== 'scheduled' || !post.scheduledAt || post.publishRequestedAt) return 'not requested';
    if (post.scheduledAt.getTime() > now.getTime()) {
      // Rescheduled to a later time since this job was placed: wait for the new time.
      return await postponeJob(job, post.scheduledAt.getTime());
    }
    // Due, yet the statement did not claim it: a reschedule or publish won the race.
    return 'rescheduled meanwhile';
  }
  try {
    return await publish(context, claim, connection, job);
  } catch (error) {
    // Waiting for the link card's page (link-card.ts) or for LinkedIn to process a video (video-media.ts): the job sleeps, nothing failed.
    if (isPostponed(error)) throw error;
    return handlePublishFailure(context, job, claim.post, error);
  }
}

async function publish(context: PublishNeeds, claim: Claim, connection: NetworkConnection | null, job: QueueJob): Promise<string> {
  const { repos, network, keyring, pause, announceEvents, metrics } = context;
  const { post } = claim;
  if (!post.body?.trim()) throw new PermanentPublishError('the post has no body to publish');
  const lookup = accountFromConnection(connection, network.mode, keyring);
  if ('problem' in lookup) throw new PermanentPublishError(lookup.problem);
  const { media, images } = await uploadMedia(context, lookup.account, claim, job);
  const poll = pollRequestOf(post);
  // A link card only on a post without an image, document, video or poll (LinkedIn takes one kind of content).
  const article = media || images || poll ? undefined : await linkCardFor(context, lookup.account, claim, job);
  await pause('after-claim', post.id);
  const canReadBack = network.mode === 'sandbox' || hasScope(connection?.scopes ?? null, READ_BACK_SCOPE);
  const published = await publishOnce(context, lookup.account, post, { media, images, poll, article }, claim, canReadBack);
  await pause('after-call', post.id);
  const outboxId = await commitPublished(repos, claim, published);
  if (!outboxId) {
    context.log.warn('post published on the network but gone or already published here', { post_id: post.id, urn: published.urn });
    return 'published (post changed meanwhile)';
  }
  // post.published reaches the member's webhooks through the dispatcher's `relayOutbox`
  // (services/webhook-dispatcher/src/domain/relay/relay-outbox.ts), which this wakes now.
  await announceEvents([outboxId]);
  metrics.publishOutcomes.inc({ outcome: claim.recovering ? 'recovered' : 'published' });
  // A scheduled publication (no one asked for it now): how late it went out.
  if (post.scheduledAt && !post.publishRequestedAt) metrics.scheduleLateness.observe(Math.max(0, Date.now() - post.scheduledAt.getTime()) / 1000);
  context.log.info('post published', { post_id: post.id, member_id: post.memberId, urn: published.urn });
  await pause('after-commit', post.id);
  return 'published';
}

/** The post's poll as LinkedIn's content.poll asks it (decision 0033); none for any other post. */
function pollRequestOf(post: Post): PollRequest | undefined {
  const poll = postPollOf(post);
  return poll ? { question: poll.question, options: poll.options, durationDays: poll.duration_days } : undefined;
}

/**
 * Step 2. After an earlier attempt of ours (a crash or a time-out may have hidden
 * its success) look for that post first; LinkedIn cannot be asked, but answers a
 * repeat with "duplicate of urn:…", which names the post we already made — or a
 * deleted one, or an older post: adopted only when shown to be this publication's.
 */
async function publishOnce(
  { network, log }: Needs<never, 'network' | 'log'>,
  account: NetworkAccount,
  post: Post,
  content: { media?: UploadedMedia | undefined; images?: UploadedImage[] | undefined; poll?: PollRequest | undefined; article?: ArticleCard | undefined },
  claim: Claim,
  canReadBack: boolean,
): Promise<PublishedPost> {
  if (claim.recovering) {
    const earlier = await network.findByReference(account, claim.reference);
    if (earlier) return earlier;
  }
  // The commentary exactly as GET /posts/{id}/preview shows it: one function makes both (decision 0032).
  const { commentary } = composeCommentary(post.body ?? '');
  const request = { commentary, ...content, reference: claim.reference };
  try {
    return await network.publishPost(account, request);
  } catch (error) {
    // LinkedIn refused the card's thumbnail (its processing failed) and created nothing: the card goes without it.
    if (content.article?.thumbnail && isNetworkError(error) && error.code === 'MEDIA_ASSET_PROCESSING_FAILED') {
      log.warn('link card thumbnail refused by the network: card published without it', { post_id: post.id });
      const { thumbnail: _refused, ...article } = content.article;
      return network.publishPost(account, { ...request, article });
    }
    if (claim.recovering && isNetworkError(error) && error.kind === 'duplicate' && error.duplicateOf) {
      const window = { from: post.publishRequestedAt ?? post.publishClaimedAt ?? new Date(), to: new Date() };
      return adoptDuplicate(network, account, { urn: error.duplicateOf, commentary, window, canReadBack }, log);
    }
    throw error;
  }
}
