import { asPublished, postToWire, type LoadedForPublishing, type Post, type Prisma, type Repositories } from '@lps/db';
import type { PublishedPost } from '@lps/network';

/** The event body of docs/api.md: `data.post` is the Post as the API shows it (already plain JSON values: serialised once, by the statement). */
const postEventData = (post: Post, extra: Record<string, string> = {}): Prisma.InputJsonValue => ({ post: postToWire(post), ...extra });

/** The client reference recorded with the claim: stable for the post across every attempt. */
export const referenceFor = (postId: string): string => `lps-${postId}`;

export interface Claim {
  reference: string;
  /** An earlier attempt of ours may have reached the network: look for it before posting. */
  recovering: boolean;
  /**
   * The post as the claim left it, and that row's version (for the one-statement commit);
   * both move on when the job itself writes the row (the media URN, upload-media.ts).
   */
  post: Post;
  version: string;
}

/** Step 1 of the protocol (docs/decisions/0005), as the job's load recorded it; undefined when it claimed nothing. */
export function claimOf(loaded: LoadedForPublishing): Claim | undefined {
  if (loaded.claimedVersion === undefined) return undefined;
  const { post } = loaded;
  return { reference: post.publishReference ?? referenceFor(post.id), recovering: post.publishAttempts > 1, post, version: loaded.claimedVersion };
}

/**
 * Step 3: URN, URL, published_at, status and the post.published event commit
 * together, in plain SQL (hot path, docs/decisions/0008). Usually one statement,
 * valid because nobody wrote the post since our claim; otherwise a transaction
 * that re-reads it. Returns the outbox id, or undefined when the post is gone or
 * already published.
 */
export async function commitPublished(
  repos: Pick<Repositories, 'commitIfUnchanged' | 'markPublishedWithEvent'>,
  claim: Claim,
  published: PublishedPost,
): Promise<string | undefined> {
  const publication = { urn: published.urn, url: published.url, now: new Date() };
  const eventData = postEventData(asPublished(claim.post, publication));
  const fast = await repos.commitIfUnchanged({ postId: claim.post.id, claimedVersion: claim.version, ...publication, eventData });
  if (fast) return fast.outboxId;
  return repos.markPublishedWithEvent(claim.post.id, published, (post) => postEventData(post));
}

/**
 * Final failure: state restored, last_error stored, the failure marked for the inbox with the network's
 * code (decision 0038) and post.publish_failed written, in one transaction.
 */
export async function commitFailed(repos: Pick<Repositories, 'transaction'>, postId: string, reason: string, code: string | null = null): Promise<string | undefined> {
  return repos.transaction(async (tx) => {
    const post = await tx.markPublishFailed(postId, reason, code);
    if (!post) return undefined;
    const event = await tx.appendOutboxEvent({ memberId: post.memberId, type: 'post.publish_failed', data: postEventData(post, { reason }) });
    return event.id;
  });
}
