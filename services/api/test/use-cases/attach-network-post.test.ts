import type { AttachOutcome, NetworkPostAttachment, Post } from '@lps/db';
import { postRow, refusalOf } from '@lps/testing';
import { attachNetworkPost } from '../../src/domain/publishing/attach-network-post.js';

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

/** The use case's declared needs, each in memory; `outcome` is what the repository's own transaction answers. */
function depsWith(
  stored: Post | null,
  outcome: (attachment: NetworkPostAttachment) => AttachOutcome = (attachment) => ({
    post: post({ status: 'published', networkPostUrn: attachment.urn, networkUrl: attachment.url, publishedAt: attachment.publishedAt }),
    outboxId: 'outbox-1',
  }),
) {
  const attachments: NetworkPostAttachment[] = [];
  const announced: string[][] = [];
  const deps = {
    repos: {
      readOwnedPost: async (memberId: string, id: string) => (stored && stored.id === id && stored.memberId === memberId ? stored : null),
      attachNetworkPost: async (attachment: NetworkPostAttachment) => (attachments.push(attachment), outcome(attachment)),
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

  it('turns what the transaction found under its lock into 409 or 404, and announces nothing', async () => {
    const urn = urnAt(new Date(Date.now() - HOUR));
    const problems = [
      { problem: 'taken', status: 409 },
      { problem: 'in flight', status: 409 },
      { problem: 'published', status: 409 },
      { problem: 'not found', status: 404 },
    ] as const;
    for (const { problem, status } of problems) {
      const { deps, attachments, announced } = depsWith(post(), () => ({ problem }));
      expect((await refusal(attachNetworkPost(deps, MEMBER, 'post-1', urn)))?.[0]).toBe(status);
      expect([attachments.length, announced]).toEqual([1, []]);
    }
  });
});
