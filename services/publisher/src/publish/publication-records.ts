import { appendOutboxEvent, inTransaction, postToWire, type Db, type Post, type PostStatus, type Prisma } from '@lps/db';

/** The event body of decisions.md: `data.post` is the Post as the API shows it. */
const postEventData = (post: Post, extra: Record<string, string> = {}): Prisma.InputJsonValue =>
  JSON.parse(JSON.stringify({ post: postToWire(post), ...extra })) as Prisma.InputJsonValue;
import type { PublishedPost } from '@lps/network';

/** The client reference recorded with the claim: stable for the post across every attempt. */
export const referenceFor = (postId: string): string => `lps-${postId}`;

/**
 * A scheduled post whose time has come becomes "in flight" like one sent by
 * POST /publish; the condition makes a concurrent reschedule win or lose cleanly.
 */
export async function markScheduledInFlight(db: Db, post: Post): Promise<boolean> {
  const marked = await db.post.updateMany({
    where: { id: post.id, status: 'scheduled', publishRequestedAt: null, scheduledAt: { lte: new Date() } },
    data: { publishRequestedAt: new Date(), statusBeforePublish: 'scheduled' },
  });
  return marked.count === 1;
}

export interface Claim {
  reference: string;
  /** An earlier attempt of ours may have reached the network: look for it before posting. */
  recovering: boolean;
}

/** Step 1 of the protocol (docs/decisions/0005): recorded and committed before any network call. */
export async function claimPublication(db: Db, post: Post): Promise<Claim | undefined> {
  const reference = post.publishReference ?? referenceFor(post.id);
  const claimed = await db.post.updateMany({
    where: { id: post.id, status: { not: 'published' }, publishRequestedAt: { not: null } },
    data: { publishClaimedAt: new Date(), publishAttempts: { increment: 1 }, publishReference: reference },
  });
  return claimed.count === 1 ? { reference, recovering: post.publishAttempts > 0 } : undefined;
}

/** Step 3: URN, URL, published_at, status and the post.published event commit together. Returns the outbox id. */
export async function commitPublished(db: Db, postId: string, published: PublishedPost): Promise<string | undefined> {
  return inTransaction(db, async (tx) => {
    const updated = await tx.post.updateMany({
      where: { id: postId, status: { not: 'published' } },
      data: {
        status: 'published',
        networkPostUrn: published.urn,
        networkUrl: published.url,
        publishedAt: new Date(),
        publishRequestedAt: null,
        statusBeforePublish: null,
        lastError: null,
      },
    });
    if (updated.count === 0) return undefined;
    const post = await tx.post.findUniqueOrThrow({ where: { id: postId } });
    const event = await appendOutboxEvent(tx, { memberId: post.memberId, type: 'post.published', data: postEventData(post) });
    return event.id;
  });
}

/** decisions.md: back to the state before publishing (a scheduled post becomes draft_saved). */
const stateAfterFailure = (post: Post): PostStatus => {
  const before = post.statusBeforePublish ?? post.status;
  return before === 'scheduled' || before === 'published' ? 'draft_saved' : before;
};

/** Final failure: state restored, last_error stored and post.publish_failed written, in one transaction. */
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
        ...(current.status === 'scheduled' ? { scheduledAt: null } : {}),
      },
    });
    const event = await appendOutboxEvent(tx, { memberId: post.memberId, type: 'post.publish_failed', data: postEventData(post, { reason }) });
    return event.id;
  });
}
