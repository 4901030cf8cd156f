import { inTransaction, lockMemberScope, type Db, type SqlPool } from '../client.js';
import { appendOutboxEvent, appendOutboxEventSql } from '../outbox.js';
import type { PublishPathStatements } from '../publish-path/batched-statements.js';
import { giveBackUnsentAttempt } from '../publish-path/give-back-attempt.js';
import { markPublishFailed } from '../publish-path/mark-publish-failed.js';
import { markPublished } from '../publish-path/mark-published.js';
import { markPublishedWithEvent } from '../publish-path/mark-published-with-event.js';
import { findPublicationsToSweep } from '../publish-path/publications-to-sweep.js';
import { recordPublishImage } from '../publish-path/publish-images.js';
import { recordPublishMedia } from '../publish-path/publish-media.js';
import { schedulePublication } from '../publish-path/statements.js';
import { readMemberAnalytics } from '../reads/analytics-reads.js';
import { readIdeas } from '../reads/idea-reads.js';
import { readMember } from '../reads/member-reads.js';
import { readOwnedPost, readPostPage } from '../reads/post-reads.js';
import { readEndpointDeliveries, readEndpoints } from '../reads/webhook-reads.js';
import {
  analyticsGrantsDueForRefresh,
  analyticsGrantsEndingBy,
  findAnalyticsConnection,
  saveAnalyticsConnection,
  storeAnalyticsTokens,
} from '../repositories/analytics-connections.js';
import { findActiveKeyByHash, insertApiKey, listApiKeys, revokeApiKey } from '../repositories/api-keys.js';
import { attachNetworkPost } from '../repositories/attach-network-post.js';
import { grantsEndingBy, recordConnectionNotice, revokeGrant } from '../repositories/connection-notices.js';
import { listEncryptedColumns, replaceEncryptedValue, valuesUnderOtherKeys } from '../repositories/encrypted-columns.js';
import { claimIdempotencyKey, purgeExpiredIdempotencyRecords, releaseIdempotencyKey, storeIdempotentResponse } from '../repositories/idempotency.js';
import { findIdeasCreatedSince, findOwnedIdea, ideasAreFull, ideaTitles, insertIdeas, makeRoomForIdeas, markIdeaUsed, updateIdea } from '../repositories/ideas.js';
import {
  abandonImageCall,
  claimImageRequestCompletion,
  createImageCallRequest,
  createImageRequest,
  findImageRequest,
  finishImageCall,
  markImageRequestFailed,
  markImageRequestNeverQueued,
  markImageRequestRunning,
  returnPostFromImages,
} from '../repositories/image-requests.js';
import { recordLinkPage, recordLinkPageForClaim } from '../repositories/link-previews.js';
import { createMember, findMember, findMemberProfile, listMembers } from '../repositories/members.js';
import {
  connectionsEndingBy,
  findNetworkConnection,
  forgetMemberGrants,
  listConnectionsWithAnalytics,
  reconnectSandbox,
  saveNetworkConnection,
  shareGrantsDueForRefresh,
  storeShareTokens,
} from '../repositories/network-connections.js';
import { recordOAuthState, spendOAuthState } from '../repositories/oauth-states.js';
import { relayOutboxBatch } from '../repositories/outbox-relay.js';
import { appendImageCandidates } from '../repositories/post-image-candidates.js';
import { replacePostImages } from '../repositories/post-images.js';
import { deferPostMetrics, makeUnmeasuredPostsDue, postsDueForMetrics, storePostMetrics } from '../repositories/post-metrics.js';
import { deletePostIfEditable, findPostById, insertPost, recentPostIdeas, updatePostIfEditable, updatePostIfStatus } from '../repositories/posts.js';
import {
  claimResearchRequestCompletion,
  createResearchRequest,
  findResearchRequest,
  markResearchRequestFailed,
  markResearchRequestNeverQueued,
  markResearchRequestRunning,
  noteResearchShortfall,
} from '../repositories/research-requests.js';
import { countFlaggedScheduledPosts, flagPostsScheduledPastReconnect } from '../repositories/schedule-expiry-flags.js';
import { abandonDelivery, deactivateEndpoint, loadDeliveries, recordAttempts } from '../repositories/webhook-attempts.js';
import { findOverdueDeliveries } from '../repositories/webhook-deliveries.js';
import { countEndpoints, deleteOwnedEndpoint, findOwnedEndpoint, insertEndpoint, insertEndpointWithinCap } from '../repositories/webhook-endpoints.js';
import { bindClient, type BoundTo } from './bind-client.js';

// Which client each repository function runs on, said once here: a use case calls
// `repos.insertPost(…)` and never picks Prisma or plain SQL (decision 0025). A new
// repository function is added to the list of its access style.

/** Prisma functions that also run inside a caller's transaction (they take `DbOrTx`). */
const ON_PRISMA = {
  analyticsGrantsDueForRefresh,
  analyticsGrantsEndingBy,
  findAnalyticsConnection,
  saveAnalyticsConnection,
  storeAnalyticsTokens,
  findActiveKeyByHash,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
  listEncryptedColumns,
  replaceEncryptedValue,
  valuesUnderOtherKeys,
  claimIdempotencyKey,
  purgeExpiredIdempotencyRecords,
  releaseIdempotencyKey,
  storeIdempotentResponse,
  findIdeasCreatedSince,
  findOwnedIdea,
  ideasAreFull,
  ideaTitles,
  insertIdeas,
  makeRoomForIdeas,
  markIdeaUsed,
  updateIdea,
  abandonImageCall,
  claimImageRequestCompletion,
  createImageCallRequest,
  createImageRequest,
  findImageRequest,
  finishImageCall,
  markImageRequestFailed,
  markImageRequestNeverQueued,
  markImageRequestRunning,
  returnPostFromImages,
  createMember,
  findMember,
  findMemberProfile,
  listMembers,
  connectionsEndingBy,
  findNetworkConnection,
  forgetMemberGrants,
  listConnectionsWithAnalytics,
  reconnectSandbox,
  saveNetworkConnection,
  shareGrantsDueForRefresh,
  storeShareTokens,
  recordOAuthState,
  spendOAuthState,
  appendImageCandidates,
  deletePostIfEditable,
  findPostById,
  insertPost,
  recentPostIdeas,
  updatePostIfEditable,
  updatePostIfStatus,
  claimResearchRequestCompletion,
  createResearchRequest,
  findResearchRequest,
  markResearchRequestFailed,
  markResearchRequestNeverQueued,
  markResearchRequestRunning,
  noteResearchShortfall,
  countFlaggedScheduledPosts,
  flagPostsScheduledPastReconnect,
  findOverdueDeliveries,
  countEndpoints,
  deleteOwnedEndpoint,
  findOwnedEndpoint,
  insertEndpoint,
  findPublicationsToSweep,
  markPublishFailed,
};

/** Prisma functions only a caller's transaction may run: their writes must commit with the caller's other writes. */
const IN_PRISMA_TRANSACTION = { appendOutboxEvent, lockMemberScope };

/** Prisma functions that open a transaction of their own, so never run inside a caller's. */
const OWN_PRISMA_TRANSACTION = { attachNetworkPost, grantsEndingBy, recordConnectionNotice, revokeGrant, insertEndpointWithinCap };

/** Plain SQL (decision 0008: the hot paths and the reads the API answers most). */
const ON_SQL = {
  appendOutboxEventSql,
  giveBackUnsentAttempt,
  markPublished,
  markPublishedWithEvent,
  recordPublishImage,
  recordPublishMedia,
  schedulePublication,
  readMemberAnalytics,
  readIdeas,
  readMember,
  readOwnedPost,
  readPostPage,
  readEndpointDeliveries,
  readEndpoints,
  recordLinkPage,
  recordLinkPageForClaim,
  relayOutboxBatch,
  replacePostImages,
  deferPostMetrics,
  makeUnmeasuredPostsDue,
  postsDueForMetrics,
  storePostMetrics,
  abandonDelivery,
  deactivateEndpoint,
  loadDeliveries,
  recordAttempts,
};

export type TransactionRepositories = BoundTo<typeof ON_PRISMA> & BoundTo<typeof IN_PRISMA_TRANSACTION>;

/** The database as use cases see it: every repository function, its client bound. */
export type Repositories = BoundTo<typeof ON_PRISMA> &
  BoundTo<typeof OWN_PRISMA_TRANSACTION> &
  BoundTo<typeof ON_SQL> &
  PublishPathStatements & {
    /** Runs `work` in one transaction: what it writes commits together, or nothing does. */
    transaction<T>(work: (tx: TransactionRepositories) => Promise<T>): Promise<T>;
  };

export interface DatabaseClients {
  db: Db;
  sql: SqlPool;
  /** The publish path's group-committed statements (one set per process). */
  publishPathStatements: PublishPathStatements;
}

export function createRepositories({ db, sql, publishPathStatements }: DatabaseClients): Repositories {
  return {
    ...bindClient(db, ON_PRISMA),
    ...bindClient(db, OWN_PRISMA_TRANSACTION),
    ...bindClient(sql, ON_SQL),
    ...publishPathStatements,
    transaction: (work) => inTransaction(db, (tx) => work({ ...bindClient(tx, ON_PRISMA), ...bindClient(tx, IN_PRISMA_TRANSACTION) })),
  };
}
