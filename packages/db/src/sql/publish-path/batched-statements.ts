import { currentTraceMetadata } from '@lps/telemetry';
import type { SqlPool } from '../../client.js';
import { createKeyedBatcher } from '../../call-batcher.js';
import type { Post, PostStatus } from '../../generated/prisma/client.js';
import {
  findPostsWithConnection,
  loadAndClaimPublications,
  markPublicationsRequested,
  type LoadedForPublishing,
  type PostLookup,
  type PostWithConnection,
  type PublicationClaim,
  type PublicationRequest,
} from './statements.js';
import { commitPublishedIfUnchanged, type PublishCommit } from './mark-published.js';

/**
 * The publish path's hot statements, one set per process (per pool): calls made
 * while a statement of the same kind is running go out together as the next one
 * (group commit, decision 0008). A lone call pays no added latency; a busy API or
 * publisher makes one round trip and one commit for many posts, where one per post
 * was most of its cost. Each caller still waits for its own statement's commit,
 * so a claim is durable before its network call (decision 0005).
 */
export interface PublishPathStatements {
  /** API: the caller's post with its member's connection (null: missing or another member's). */
  findWithConnection(id: string, memberId?: string): Promise<PostWithConnection | null>;
  /** API, POST /publish: null when the post left `fromStatus` or went in flight meanwhile. */
  markPublicationRequested(id: string, fromStatus: PostStatus, now: Date): Promise<Post | null>;
  /** Publisher: the job's one read, claiming a requested or due post (step 1 of decision 0005). */
  loadAndClaim(claim: PublicationClaim): Promise<LoadedForPublishing | null>;
  /** Publisher: step 3 of decision 0005 while nobody wrote the post since its claim. */
  commitIfUnchanged(commit: PublishCommit): Promise<{ outboxId: string } | null>;
}

/** One statement of each kind in flight: the others queue behind it and make the next batch large. */
const BATCHING = { maxBatch: 200, maxInFlight: 1 };

export function createPublishPathStatements(sql: SqlPool): PublishPathStatements {
  const byId = <In extends { id: string }, Out>(run: (sql: SqlPool, inputs: In[]) => Promise<Map<string, Out>>) =>
    createKeyedBatcher(
      (inputs: In[]) => run(sql, inputs),
      (input) => input.id,
      BATCHING,
    );
  const find = byId<PostLookup, PostWithConnection>(findPostsWithConnection);
  const request = byId<PublicationRequest, Post>(markPublicationsRequested);
  const commit = createKeyedBatcher(
    (commits: PublishCommit[]) => commitPublishedIfUnchanged(sql, commits),
    (commit) => commit.postId,
    BATCHING,
  );
  return {
    findWithConnection: (id, memberId) => find({ id, memberId }),
    markPublicationRequested: (id, fromStatus, now) => request({ id, fromStatus, now }),
    loadAndClaim: byId<PublicationClaim, LoadedForPublishing>(loadAndClaimPublications),
    // The caller's trace is read here, in its own context: the batch runs in whichever caller's context started it.
    commitIfUnchanged: (input) => commit({ ...input, traceContext: input.traceContext ?? currentTraceMetadata() ?? null }),
  };
}
