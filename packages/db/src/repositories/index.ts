// The Prisma repository functions use cases call, on the client or inside a caller's transaction
// alike (they take `DbOrTx`); access/repositories.ts binds this list. Only from this folder: a
// function that must run in a transaction, or opens its own, lives in in-transaction/ or own-transaction/.

export { analyticsGrantsDueForRefresh, analyticsGrantsEndingBy, findAnalyticsConnection, saveAnalyticsConnection, storeAnalyticsTokens } from './analytics-connections.js';
export { findActiveKeyByHash, findOwnedApiKey, insertApiKey, listApiKeys, markApiKeysUsed, revokeApiKey, revokeOwnedApiKey } from './api-keys.js';
export { droppedFilesAmong, droppedFilesStartingWith } from './dropped-files.js';
export { listEncryptedColumns, replaceEncryptedValue, valuesUnderOtherKeys } from './encrypted-columns.js';
export { findIdeasCreatedSince, findOwnedIdea, ideaTitles, ideasAreFull, insertIdeas, makeRoomForIdeas, markIdeaUsed, updateIdea } from './ideas.js';
export { claimIdempotencyKey, purgeExpiredIdempotencyRecords, releaseIdempotencyKey, storeIdempotentResponse } from './idempotency.js';
export {
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
} from './image-requests.js';
export { markPublishFailed } from './mark-publish-failed.js';
export { bindIdentity, findMemberByIdentity, membersConnectedAs } from './member-identities.js';
export { findMemberSettings, saveMemberSettings } from './member-settings.js';
export { createMember, findMember, findMemberProfile, listMembers } from './members.js';
export {
  connectionsEndingBy,
  findNetworkConnection,
  forgetMemberGrants,
  listConnectionsWithAnalytics,
  reconnectSandbox,
  saveNetworkConnection,
  shareGrantsDueForRefresh,
  storeShareTokens,
} from './network-connections.js';
export { recordOAuthState, spendOAuthState } from './oauth-states.js';
export { appendImageCandidates } from './post-image-candidates.js';
export { deletePostIfEditable, findPostById, insertPost, recentPostIdeas, updatePostIfStatus } from './posts.js';
export { findPublicationsToSweep } from './publications-to-sweep.js';
export { publishedResults } from './published-results.js';
export {
  claimResearchRequestCompletion,
  createResearchRequest,
  findOwnedResearch,
  findResearchRequest,
  markResearchRequestFailed,
  markResearchRequestNeverQueued,
  markResearchRequestRunning,
  noteResearchShortfall,
} from './research-requests.js';
export { countFlaggedScheduledPosts, flagPostsScheduledPastReconnect } from './schedule-expiry-flags.js';
export { endMemberSession, endOtherSessions, findLiveSession, insertSession, listLiveSessions, liveSessionIds, purgeSignInRecords, touchSession } from './sessions.js';
export { insertSignInLink, recordSignInAttempt, spendSignInAttempt, spendSignInLink } from './sign-in.js';
export { findEndpointDelivery, findOverdueDeliveries, requeueDelivery } from './webhook-deliveries.js';
export { countEndpoints, deleteOwnedEndpoint, findOwnedEndpoint, insertEndpoint, listActiveEndpointTargets } from './webhook-endpoints.js';
