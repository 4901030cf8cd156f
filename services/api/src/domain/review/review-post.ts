import { conflict } from '@lps/common';
import { postToWire, type Post } from '@lps/db';
import type { Needs } from '../deps.js';
import { getOwnedPost } from '../posts/find-post.js';
import { assertNotPublished, isApproved } from '../posts/post-states.js';
import { dropJobAfterCommit } from '../publishing/place-job.js';

const ATTEMPTS = 3;

type ReviewNeeds = Needs<'readOwnedPost' | 'reviewPost', 'announceEvents' | 'queues' | 'request'>;

type Verdict = { verdict: 'approved'; note: null } | { verdict: 'rejected'; note: string | null };

function assertReviewable(post: Post, verdict: Verdict['verdict']): void {
  assertNotPublished(post);
  const action = verdict === 'approved' ? 'approve' : 'reject';
  if (post.publishRequestedAt) throw conflict(`the post is being published and can no longer be reviewed; wait for the result (GET /posts/{id})`);
  if (post.status === 'generating_images') throw conflict(`cannot ${action} a post while its images are being generated`);
}

/** What a reviewer approves: the text, the images and the link card as the member set them. */
const contentOf = (post: Post): string => {
  const card = post.linkPreview as { url?: unknown; member?: unknown } | null;
  return JSON.stringify([post.body, post.imageUrl, post.images, post.format, card?.url ?? null, card?.member ?? null]);
};

/** The post already shows this verdict: nothing is written and no event is sent again. */
const alreadyShows = (post: Post, { verdict, note }: Verdict): boolean => (verdict === 'approved' ? isApproved(post) : post.status === 'rejected' && post.reviewNote === note);

/**
 * The review, written with its event (post.approved or post.rejected) by one conditional
 * statement: if another request changed the post in between, it is read and judged again.
 */
async function review(deps: ReviewNeeds, memberId: string, id: string, decision: Verdict, now: Date) {
  let firstRead: Post | undefined;
  for (let attempt = 1; ; attempt += 1) {
    const post = await getOwnedPost(deps, memberId, id);
    assertReviewable(post, decision.verdict);
    firstRead ??= post;
    // An approval covers what the request found: content written meanwhile was not reviewed.
    if (decision.verdict === 'approved' && contentOf(post) !== contentOf(firstRead)) {
      throw conflict('the post was changed while it was being approved; read it again and approve what it says now');
    }
    if (alreadyShows(post, decision)) return { post: postToWire(post) };
    const outcome = await deps.repos.reviewPost({
      postId: id,
      seen: { status: post.status, statusBeforeSchedule: post.statusBeforeSchedule, ...(decision.verdict === 'approved' ? { updatedAt: post.updatedAt } : {}) },
      verdict: decision.verdict,
      note: decision.note,
      now,
    });
    if (outcome) {
      await deps.announceEvents([outcome.outboxId]);
      if (post.status === 'scheduled' && outcome.post.status !== 'scheduled') await dropJobAfterCommit(deps, id);
      return { post: postToWire(outcome.post) };
    }
    if (attempt === ATTEMPTS) throw conflict('the post kept changing meanwhile; read it again and retry');
  }
}

/**
 * POST /posts/{id}/approve: the post becomes `approved` (its review note cleared) and
 * post.approved fires. A scheduled post stays scheduled, its approval recorded: it may then be
 * published while approval is required, and unscheduling returns it to `approved`.
 */
export const approvePost = (deps: ReviewNeeds, memberId: string, id: string, now: Date) => review(deps, memberId, id, { verdict: 'approved', note: null }, now);

export interface RejectPostInput {
  note?: string | null;
}

/**
 * POST /posts/{id}/reject: the post becomes `rejected` with the reviewer's note in review_note,
 * and post.rejected fires. A scheduled post loses its slot. Editing its body brings it back to
 * draft_saved (decision 0031).
 */
export const rejectPost = (deps: ReviewNeeds, memberId: string, id: string, input: RejectPostInput, now: Date) =>
  review(deps, memberId, id, { verdict: 'rejected', note: input.note ?? null }, now);
