import type { AttachmentFound, AttachRefusal } from '@lps/common';
import { inTransaction, type Db } from '../../client.js';
import { Prisma, type Post } from '../../generated/prisma/client.js';
import { appendOutboxEvent } from '../in-transaction/outbox-event.js';
import { lockMemberScope } from '../in-transaction/member-scope-lock.js';
import { postToWire } from '../../wire/post.js';

/** A post the member says is on the network as `urn` (decision 0017: attaching a URN by hand). */
export interface NetworkPostAttachment {
  postId: string;
  /** The API's caller: another member's post is not found. The CLI (an operator) passes none. */
  memberId?: string;
  urn: string;
  url: string;
  publishedAt: Date;
}

/** What was found under the lock, for the caller's rule: the post as it stands (Prisma's row) and whether the URN is taken. */
export interface NetworkPostFound extends AttachmentFound {
  post: Post | null;
}

export type PublishedByHand = { post: Post; outboxId: string } | { refused: AttachRefusal };

/**
 * Marks the post row published as `urn` (its publication's leftovers cleared) and writes its
 * post.published outbox row, in one transaction (rare, so Prisma). Under a lock on the URN it
 * reads the post and whether another post carries the URN, and hands both to the caller's
 * `refusal` rule (attachRefusal): a refusal writes nothing and is returned as it is. Two posts
 * racing for one URN take the lock in turn, so the second sees the URN taken.
 */
export async function markPostPublishedByHand(db: Db, attachment: NetworkPostAttachment, refusal: (found: NetworkPostFound) => AttachRefusal | null): Promise<PublishedByHand> {
  return inTransaction(db, async (tx) => {
    await lockMemberScope(tx, 'network-post-urn', attachment.urn);
    const current = await tx.post.findFirst({ where: { id: attachment.postId, ...(attachment.memberId ? { memberId: attachment.memberId } : {}) } });
    const carrier = current && (await tx.post.findFirst({ where: { networkPostUrn: attachment.urn, id: { not: current.id } }, select: { id: true } }));
    const refused = refusal({ post: current, urnTaken: Boolean(carrier) });
    // Without a row there is nothing to mark, whatever the rule says.
    if (refused || !current) return { refused: refused ?? 'not found' };
    const post = await tx.post.update({
      where: { id: current.id },
      data: {
        status: 'published',
        networkPostUrn: attachment.urn,
        networkUrl: attachment.url,
        publishedAt: attachment.publishedAt,
        scheduledAt: null,
        lastError: null,
        publishFailedAt: null,
        publishErrorCode: null,
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
