import { conflict, unprocessable } from '@lps/common';
import type { Post, PostWithConnection } from '@lps/db';

// What a post may do in its state (approval included, decision 0031): each rule throws the contract's answer, 409 (or 422 for a poll).

/** States from which a post may be scheduled, published or get images (docs/api.md); the image service checks the same. */
export { READY_FOR_WORK } from '@lps/db';

/** Published posts are final: edits, deletes and republishing are 409. */
export function assertNotPublished(post: Post): void {
  if (post.status === 'published') throw conflict('the post is published and can no longer be changed');
}

/** Edits and deletes need a post that is neither published nor being published. */
export function assertEditable(post: Post): void {
  assertNotPublished(post);
  if (post.publishRequestedAt) throw conflict('the post is being published; wait for the result (GET /posts/{id})');
}

export function assertReadyForWork(post: Post, action: string): void {
  assertNotPublished(post);
  if (post.status === 'generating_images') throw conflict(`cannot ${action} while images are being generated`);
  if (post.status === 'rejected') throw conflict(`cannot ${action} a rejected post`);
}

/**
 * Images may change on any non-published post except while generating and when
 * rejected (docs/api.md: 409), and never on a post with a poll, which LinkedIn
 * publishes without media (decision 0033: 422, after the state's 409).
 */
export function assertImagesAllowed(post: Post, action: string): void {
  assertReadyForWork(post, action);
  if (post.format === 'poll') {
    throw unprocessable(`cannot ${action} a post with a poll: LinkedIn publishes a poll without an image, document or video; remove the poll first (PATCH with "poll": null)`);
  }
}

/** Approved, or scheduled after its approval (the approval is the state it was scheduled from). */
export const isApproved = (post: Pick<Post, 'status' | 'statusBeforeSchedule'>): boolean =>
  post.status === 'approved' || (post.status === 'scheduled' && post.statusBeforeSchedule === 'approved');

/**
 * With the member's approval_required on, a post is scheduled, queued or published only once a
 * person approved it (decision 0031): otherwise 409, saying so. Off, nothing changes.
 */
export function assertApprovedIfRequired(found: Pick<PostWithConnection, 'post' | 'approvalRequired'>, action: 'scheduled' | 'queued' | 'published'): void {
  if (found.approvalRequired && !isApproved(found.post)) {
    throw conflict(`the post needs approval before it can be ${action}: the member's settings require it (approval_required); approve it first (POST /posts/{id}/approve)`);
  }
}
