export * from './network.js';
export { NetworkError, isNetworkError, nextUtcMidnight, type NetworkErrorKind } from './network-error.js';
export { titleFromFileName, titleFromBody, DOCUMENT_TITLE_MAX } from './document-title.js';
export { escapeLittleText, toLittleText, LITTLE_TEXT_RESERVED } from './little-text.js';
export { SandboxNetwork, sandboxPersonUrn, type SandboxOptions } from './sandbox/sandbox-network.js';
export { MemorySandboxStore, type SandboxStore, type SandboxPost, type SandboxDraft, type SandboxPublication, type InjectedFailure } from './sandbox/sandbox-store.js';
export { RedisSandboxStore, type SandboxRedis } from './sandbox/redis-sandbox-store.js';
export { syntheticMetrics, ZERO_METRICS } from './sandbox/synthetic-metrics.js';
export { LinkedInNetwork } from './linkedin/linkedin-network.js';
export { AnalyticsAppMissingError, LinkedInOAuth, type LinkedInTokens } from './linkedin/linkedin-oauth.js';
export { classifyLinkedInError } from './linkedin/classify-error.js';
export { metricTypeName } from './linkedin/analytics.js';
export type { LinkedInAppCredentials, LinkedInGrant, LinkedInSettings, NetworkLogger } from './linkedin/settings.js';
export { createNetwork, type NetworkDependencies } from './create-network.js';
export {
  accountFromConnection,
  lookupNetworkAccount,
  lookupAnalyticsAccount,
  markDisconnected,
  markAnalyticsDisconnected,
  ANALYTICS_SCOPE,
  expiringConnections,
  type ExpiringConnection,
  type AccountLookup,
  type SecretBox,
  type NetworkMode,
} from './accounts/network-account.js';
export { createOAuthState, consumeOAuthState, type KeyDeriver, type OAuthStateOptions, type SpentOAuthState } from './accounts/oauth-state.js';
export { connectAnalytics, connectMember, ConnectedElsewhereError } from './accounts/connect-member.js';
export { refreshExpiringTokens, type TokenRefreshOutcome } from './accounts/refresh-tokens.js';
export { hasScope, scopeList } from './accounts/token-columns.js';
export { engagementRate, refreshPostAnalytics } from './analytics/post-analytics.js';
