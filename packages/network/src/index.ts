export * from './network.js';
export { NetworkError, isNetworkError, nextUtcMidnight, type NetworkErrorKind } from './network-error.js';
export { titleFromFileName, titleFromBody, DOCUMENT_TITLE_MAX } from './document-title.js';
export { composeCommentary, escapeLittleText, toLittleText, LITTLE_TEXT_RESERVED, type CommentaryMention, type ComposedCommentary } from './little-text.js';
export { assertCommentaryFits, commentaryLength, LINKEDIN_COMMENTARY_MAX } from './commentary-length.js';
export { SandboxNetwork, sandboxPersonUrn, type SandboxOptions } from './sandbox/sandbox-network.js';
export {
  MemorySandboxStore,
  type SandboxStore,
  type SandboxPost,
  type SandboxDraft,
  type SandboxPublication,
  type InjectedFailure,
  type RefusalContext,
} from './sandbox/sandbox-store.js';
export { RedisSandboxStore, type SandboxRedis } from './sandbox/redis-sandbox-store.js';
export { syntheticMetrics, ZERO_METRICS } from './sandbox/synthetic-metrics.js';
export {
  isSandboxRefusalKind,
  olderPostUrn,
  refusalAnswer,
  refusalError,
  SANDBOX_REFUSAL_KINDS,
  SANDBOX_REFUSALS,
  type SandboxRefusal,
  type SandboxRefusalKind,
} from './sandbox/refusals.js';
export { LinkedInNetwork } from './linkedin/linkedin-network.js';
export { AnalyticsAppMissingError, LinkedInOAuth, type LinkedInTokens, type SignInRequest } from './linkedin/linkedin-oauth.js';
export { IdTokenRefused, verifyIdToken, type SignInIdentity } from './linkedin/oidc.js';
export { classifyLinkedInError } from './linkedin/classify-error.js';
export {
  LINKEDIN_ALT_TEXT_MAX,
  LINKEDIN_MULTI_IMAGE_MAX,
  LINKEDIN_MULTI_IMAGE_MIN,
  LINKEDIN_POLL_DURATIONS,
  LINKEDIN_POLL_OPTION_MAX,
  LINKEDIN_POLL_OPTIONS_MAX,
  LINKEDIN_POLL_OPTIONS_MIN,
  LINKEDIN_POLL_QUESTION_MAX,
} from './linkedin/post-content.js';
export { LINKEDIN_CLOCK_SKEW_MS, linkedInPostCreatedAt } from './linkedin/post-urn-time.js';
export { attachablePost, LINKEDIN_POST_URN, type AttachablePost } from './linkedin/attachable-post.js';
export { metricTypeName } from './linkedin/analytics.js';
export type { LinkedInAppCredentials, LinkedInGrant, LinkedInSettings, NetworkLogger } from './linkedin/settings.js';
export { createNetwork, type NetworkDependencies } from './create-network.js';
export { ANALYTICS_SCOPE, analyticsGrantOf, hasScope, storedTokensOf, type GrantFacts, type SecretBox } from './linkedin/grant-tokens.js';
export { OAUTH_STATE_LIFETIME_MS, readOAuthState, signOAuthState, type KeyDeriver, type OAuthStateClaims } from './linkedin/oauth-state-token.js';
