import { inTransaction, lockMemberScope, type Db } from '../client.js';
import { Prisma, type Post } from '../generated/prisma/client.js';
import { appendOutboxEvent } from '../outbox.js';
import { postToWire } from '../wire/post.js';

/** A post the member says is on the network as `urn` (decision 0017: attaching a URN by hand). */
export interface NetworkPostAttachment {
  postId: string;
  /** The API's caller: another member's post is "not found". The CLI (an operator) passes none. */
  memberId?: string;
  urn: string;
  url: string;
  publishedAt: Date;
}

export type AttachOutcome = { post: Post; outboxId: string } | { problem: 'not found' | 'published' | 'in flight' | 'taken' };

/**
 * Marks the post published as `urn`, with its post.published event, in one
 * transaction (rare, so Prisma). Refused for a post that is published or whose
 * publication is in flight (the publisher owns it until it ends), and for a URN
 * another post already carries: under a lock on the URN, so two posts racing for
 * one URN cannot both get it.
 */
export async function attachNetworkPost(db: Db, attachment: NetworkPostAttachment): Promise<AttachOutcome> {
  return inTransaction(db, async (tx) => {
    await lockMemberScope(tx, 'network-post-urn', attachment.urn);
    const current = await tx.post.findFirst({ where: { id: attachment.postId, ...(attachment.memberId ? { memberId: attachment.memberId } : {}) } });
    if (!current) return { problem: 'not found' } as const;
    if (current.status === 'published') return { problem: 'published' } as const;
    if (current.publishRequestedAt) return { problem: 'in flight' } as const;
    if (await tx.post.findFirst({ where: { networkPostUrn: attachment.urn, id: { not: current.id } }, select: { id: true } })) return { problem: 'taken' } as const;
    const post = await tx.post.update({
      where: { id: current.id },
      data: {
        status: 'published',
        networkPostUrn: attachment.urn,
        networkUrl: attachment.url,
        publishedAt: attachment.publishedAt,
        scheduledAt: null,
        lastError: null,
        statusBeforePublish: null,
        publishClaimedAt: null,
        publishMediaUrn: null,
        publishImageUrns: Prisma.DbNull,
      },
    });
    const event = await appendOutboxEvent(tx, { memberId: post.memberId, type: 'post.published', data: { post: postToWire(post) } });
    return { post, outboxId: event.id };
  });
}
