import {
  claimPublications,
  commitPublishedIfUnchanged,
  createKeyedBatcher,
  loadForPublishing,
  type ClaimedPost,
  type LoadedForPublishing,
  type PublicationClaim,
  type PublishCommit,
  type SqlPool,
} from '@lps/db';

/**
 * The publish job's three hot statements, shared by the jobs this process runs side
 * by side: calls made while a statement of the same kind is running go out
 * together as the next one (group commit, decision 0008). A lone job pays no added
 * latency; a busy publisher makes one round trip and one commit for many posts,
 * where one per post was most of its cost. Each caller still waits for its own
 * statement's commit, so the claim is durable before the network call (0005).
 */
export interface PublicationStatements {
  load(id: string, now: Date): Promise<LoadedForPublishing | null>;
  claim(claim: PublicationClaim): Promise<ClaimedPost | null>;
  commitIfUnchanged(commit: PublishCommit): Promise<{ outboxId: string } | null>;
}

/** One statement of each kind in flight: the others queue behind it and make the next batch large. */
const BATCHING = { maxBatch: 200, maxInFlight: 1 };

export function createPublicationStatements(sql: SqlPool): PublicationStatements {
  const load = createKeyedBatcher((posts: { id: string; now: Date }[]) => loadForPublishing(sql, posts), (post) => post.id, BATCHING);
  return {
    load: (id, now) => load({ id, now }),
    claim: createKeyedBatcher((claims: PublicationClaim[]) => claimPublications(sql, claims), (claim) => claim.id, BATCHING),
    commitIfUnchanged: createKeyedBatcher((commits: PublishCommit[]) => commitPublishedIfUnchanged(sql, commits), (commit) => commit.postId, BATCHING),
  };
}
