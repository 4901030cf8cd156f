import type { NetworkPostAttachment, NetworkPostFound, Post } from '@lps/db';
import { postRow, refusalOf } from '@lps/testing';
import type { AttachRefusal } from '@lps/common';
import { attachNetworkPost } from './attach-network-post.js';

// attachNetworkPost (POST /posts/{id}/network-post, decision 0017) with its repository
// functions and the event announcer in memory: which posts and URNs it takes, and that an
// attached post's event is announced, without PostgreSQL (the journey is in posts.test.ts).

const HOUR = 3_600_000;
const MEMBER = 'member-1';
/** A LinkedIn post URN carrying its creation time, as LinkedIn's ids do (`id >> 22` is the time in ms). */
const urnAt = (at: Date, type = 'share') => `urn:li:${type}:${(BigInt(at.getTime()) << 22n).toString()}`;
const createdAt = new Date(Date.now() - 24 * HOUR);
const post = (fields: Partial<Post> = {}) =>
  postRow({ id: 'post-1', memberId: MEMBER, status: 'approved', body: 'Ship small changes.', lastError: 'the publication failed', createdAt, ...fields });

/**
 * The use case's declared needs, each in memory; `found` is what the repository's transaction finds under its
 * lock on the URN (by default the stored post, the URN free), which the use case's rule then judges.
 */
function depsWith(stored: Post | null, found: (attachment: NetworkPostAttachment) => NetworkPostFound = () => ({ post: stored, urnTaken: false })) {
  const attachments: NetworkPostAttachment[] = [];
  const announced: string[][] = [];
  const deps = {
    repos: {
      readOwnedPost: async (memberId: string, id: string) => (stored && stored.id === id && stored.memberId === memberId ? stored : null),
      markPostPublishedByHand: async (attachment: NetworkPostAttachment, refusal: (found: NetworkPostFound) => AttachRefusal | null) => {
        attachments.push(attachment);
        const refused = refusal(found(attachment));
        if (refused) return { refused };
        return {
          post: post({ status: 'published', networkPostUrn: attachment.urn, networkUrl: attachment.url, publishedAt: attachment.publishedAt }),
          outboxId: 'outbox-1',
        };
      },
    },
    announceEvents: async (ids: string[]) => void announced.push(ids),
  };
  return { deps, attachments, announced };
}

const refusal = async (promise: Promise<unknown>) => refusalOf(promise).then((error) => error && [error.status, error.code, error.details]);

describe('attachNetworkPost, with its repositories in memory', () => {
  it('marks the post published as the URN, at the time the URN carries, and announces its post.published event', async () => {
    const at = new Date(Date.now() - HOUR);
    const urn = urnAt(at, 'ugcPost');
    const { deps, attachments, announced } = depsWith(post());
    const answer = await attachNetworkPost(deps, MEMBER, 'post-1', urn);
    expect(attachments).toEqual([{ postId: 'post-1', memberId: MEMBER, urn, url: `https://www.linkedin.com/feed/update/${urn}/`, publishedAt: at }]);
    expect(announced).toEqual([['outbox-1']]);
    expect([answer.post.status, answer.post.network_post_urn]).toEqual(['published', urn]);
  });

  it('answers 404 for another member’s post, 409 for a published one or one being published, before any write', async () => {
    const urn = urnAt(new Date(Date.now() - HOUR));
    const cases = [
      { stored: post({ memberId: 'member-2' }), status: 404 },
      { stored: post({ status: 'published' }), status: 409 },
      { stored: post({ publishRequestedAt: new Date() }), status: 409 },
    ];
    for (const { stored, status } of cases) {
      const { deps, attachments, announced } = depsWith(stored);
      expect((await refusal(attachNetworkPost(deps, MEMBER, 'post-1', urn)))?.[0]).toBe(status);
      expect([attachments, announced]).toEqual([[], []]);
    }
  });

  it('refuses (422 on network_post_urn) what is not a post URN, and a URN created before the post or in the future, before any write', async () => {
    const urns = [
      'urn:li:activity:7045020441609936898',
      'https://www.linkedin.com/feed/update/urn:li:share:7045020441609936898/',
      urnAt(new Date(createdAt.getTime() - HOUR)),
      urnAt(new Date(Date.now() + HOUR)),
    ];
    for (const urn of urns) {
      const { deps, attachments } = depsWith(post());
      const [status, , details] = (await refusal(attachNetworkPost(deps, MEMBER, 'post-1', urn))) ?? [];
      expect([status, Object.keys(details ?? {})]).toEqual([422, ['network_post_urn']]);
      expect(attachments).toEqual([]);
    }
  });

  it('judges what the transaction found under its lock (the post changed or gone, the URN taken) as 409 or 404, and announces nothing', async () => {
    const urn = urnAt(new Date(Date.now() - HOUR));
    const found = [
      { found: { post: post(), urnTaken: true }, status: 409 },
      { found: { post: post({ publishRequestedAt: new Date() }), urnTaken: false }, status: 409 },
      { found: { post: post({ status: 'published' }), urnTaken: false }, status: 409 },
      { found: { post: null, urnTaken: false }, status: 404 },
    ];
    for (const { found: underLock, status } of found) {
      const { deps, attachments, announced } = depsWith(post(), () => underLock);
      expect((await refusal(attachNetworkPost(deps, MEMBER, 'post-1', urn)))?.[0]).toBe(status);
      expect([attachments.length, announced]).toEqual([1, []]);
    }
  });
});
