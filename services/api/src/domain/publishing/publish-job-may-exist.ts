/** What a post row says about the publish jobs it may have had. */
export interface PublishHistory {
  status: string;
  scheduledAt: Date | null;
  publishRequestedAt: Date | null;
  publishAttempts: number;
}

/**
 * Whether job `publish-<id>` can exist for this post. Jobs are placed only for a
 * requested or scheduled post, a completed one is removed at once, and one that
 * failed or waits for a retry left a claim (an attempt) behind. So a post never
 * requested, scheduled nor attempted has no job, and placing one needs no state
 * read. Were it wrong, the add would join a stale job and the sweeper would place
 * the publication again within one interval: late, never lost.
 */
export const publishJobMayExist = (post: PublishHistory): boolean =>
  post.status === 'scheduled' || post.scheduledAt !== null || post.publishRequestedAt !== null || post.publishAttempts > 0;
