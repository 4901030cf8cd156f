/** The state of a post that decides whether a network post may be attached to it. */
export interface AttachablePostState {
  status: string;
  /** Set while a publication is requested or running: the publisher owns the post until it ends. */
  publishRequestedAt: Date | null;
}

/** Why a network post may not be attached; each caller words it for its own reader (the API, the CLI). */
export type AttachRefusal = 'not found' | 'published' | 'in flight' | 'taken';

/** What the attaching transaction found under its lock on the URN. */
export interface AttachmentFound {
  /** The post (null: there is none, or it is another member's). */
  post: AttachablePostState | null;
  /** Whether a post other than this one already carries the URN. */
  urnTaken: boolean;
}

/**
 * Whether a post may become published as a URN the member names (decision 0017), or why not:
 * never a post that is already published or whose publication is in flight, and never a URN
 * another post carries. One rule for the API's use case and the operator's CLI (which may not
 * import the API): each hands it to markPostPublishedByHand, which asks it under its lock.
 */
export function attachRefusal({ post, urnTaken }: AttachmentFound): AttachRefusal | null {
  if (!post) return 'not found';
  if (post.status === 'published') return 'published';
  if (post.publishRequestedAt) return 'in flight';
  return urnTaken ? 'taken' : null;
}
