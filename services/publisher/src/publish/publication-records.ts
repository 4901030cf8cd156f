import {
  appendOutboxEvent,
  appendOutboxEventSql,
  inSqlTransaction,
  inTransaction,
  markPublished,
  postToWire,
  type Db,
  type LoadedForPublishing,
  type Post,
  type PostStatus,
  type PublishPathStatements,
  type Prisma,
  type SqlPool,
} from '@lps/db';
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

/** The post exactly as `markPublished` leaves it, so the event body needs no second read. */
const publishedView = (claimed: Post, published: PublishedPost, now: Date): Post => ({
  ...claimed,
  status: 'published',
  networkPostUrn: published.urn,
  networkUrl: published.url,
  publishedAt: now,
  publishRequestedAt: null,
  statusBeforePublish: null,
  publishMediaUrn: null,
  lastError: null,
  updatedAt: now,
});

/**
 * Step 3: URN, URL, published_at, status and the post.published event commit
 * together, in plain SQL (hot path, docs/decisions/0008). Usually one statement,
 * valid because nobody wrote the post since our claim; otherwise a transaction
 * that re-reads it. Returns the outbox id, or undefined when the post is gone or
 * already published.
 */
export async function commitPublished(sql: SqlPool, statements: PublishPathStatements, claim: Claim, published: PublishedPost): Promise<string | undefined> {
  const now = new Date();
  const eventData = postEventData(publishedView(claim.post, published, now));
  const fast = await statements.commitIfUnchanged({ postId: claim.post.id, claimedVersion: claim.version, urn: published.urn, url: published.url, now, eventData });
  if (fast) return fast.outboxId;
  const postId = claim.post.id;
  return inSqlTransaction(sql, async (client) => {
    const post = await markPublished(client, postId, published, new Date());
    if (!post) return undefined;
    const event = await appendOutboxEventSql(client, { memberId: post.memberId, type: 'post.published', data: postEventData(post) });
    return event.id;
  });
}

/** docs/api.md: back to the state before publishing (a scheduled post becomes draft_saved). */
const stateAfterFailure = (post: Post): PostStatus => {
  const before = post.statusBeforePublish ?? post.status;
  return before === 'scheduled' || before === 'published' ? 'draft_saved' : before;
};

/** Final failure (rare, so Prisma): state restored, last_error stored and post.publish_failed written, in one transaction. */
export async function commitFailed(db: Db, postId: string, reason: string): Promise<string | undefined> {
  return inTransaction(db, async (tx) => {
    const current = await tx.post.findUnique({ where: { id: postId } });
    if (!current || current.status === 'published' || !current.publishRequestedAt) return undefined;
    const status = stateAfterFailure(current);
    const post = await tx.post.update({
      where: { id: postId },
      data: {
        status,
        lastError: reason.slice(0, 1000),
        publishRequestedAt: null,
        statusBeforePublish: null,
        publishClaimedAt: null,
        // The publication is over: a new one uploads its media afresh (the image may change meanwhile).
        publishMediaUrn: null,
        ...(current.status === 'scheduled' ? { scheduledAt: null } : {}),
      },
    });
    const event = await appendOutboxEvent(tx, { memberId: post.memberId, type: 'post.publish_failed', data: postEventData(post, { reason }) });
    return event.id;
  });
}
