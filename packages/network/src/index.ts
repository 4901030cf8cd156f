export * from './network.js';
export { NetworkError, isNetworkError, nextUtcMidnight, type NetworkErrorKind } from './network-error.js';
export { escapeLittleText, unescapeLittleText, LITTLE_TEXT_RESERVED } from './little-text.js';
export { SandboxNetwork, sandboxPersonUrn, type SandboxOptions } from './sandbox/sandbox-network.js';
export { MemorySandboxStore, type SandboxStore, type SandboxPost, type SandboxDraft, type SandboxPublication, type InjectedFailure } from './sandbox/sandbox-store.js';
export { RedisSandboxStore, type SandboxRedis } from './sandbox/redis-sandbox-store.js';
export { syntheticMetrics, ZERO_METRICS } from './sandbox/synthetic-metrics.js';
export { LinkedInNetwork } from './linkedin/linkedin-network.js';
export { LinkedInOAuth, type LinkedInTokens } from './linkedin/linkedin-oauth.js';
export { classifyLinkedInError } from './linkedin/classify-error.js';
export { metricTypeName } from './linkedin/analytics.js';
export type { LinkedInSettings, NetworkLogger } from './linkedin/settings.js';
export { createNetwork, type NetworkDependencies } from './create-network.js';
export {
  accountFromConnection,
  lookupNetworkAccount,
  markDisconnected,
  expiringConnections,
  type ExpiringConnection,
  type AccountLookup,
  type SecretBox,
  type NetworkMode,
} from './accounts/network-account.js';
export { createOAuthState, consumeOAuthState, type KeyDeriver, type OAuthStateOptions, type SpentOAuthState } from './accounts/oauth-state.js';
export { connectMember, ConnectedElsewhereError } from './accounts/connect-member.js';
export { engagementRate, refreshPostAnalytics } from './analytics/post-analytics.js';
