import Joi from 'joi';
import { durationMs } from '../duration.js';
import { parseAllowedReturnUrl, type AllowedReturnUrl } from '../return-urls.js';
import { scopeList } from '../scope-list.js';
import { defineSection } from './section.js';

/** LinkedIn's app credentials: required only when the real network is chosen, so the sandbox needs nothing. */
const requiredWithLinkedIn = (schema: Joi.Schema) => schema.when('LPS_NETWORK', { is: 'linkedin', then: Joi.required(), otherwise: Joi.optional() });

/**
 * Publications in flight per publisher process. A publication mostly waits on the
 * network, and jobs running side by side share their database statements (decision
 * 0008): in the publish bench those groups held 3–4 posts at 16 and ~9 at 64.
 */
export const DEFAULT_PUBLISH_CONCURRENCY = 64;

/** LPS_CONNECT_RETURN_URLS: a comma list of URL prefixes, each checked and normalised once at start. */
const returnUrlList = Joi.string().custom((value: string, helpers) => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(parseAllowedReturnUrl);
  const problem = entries.find((entry): entry is string => typeof entry === 'string');
  if (problem) return helpers.message({ custom: `{{#label}}: ${problem}` });
  return entries;
});

/** LPS_CONNECTION_WARNING_DAYS: whole days before a grant's end, most distant first (`7,1`). */
const warningDays = Joi.string()
  .custom((value: string, helpers) => {
    const days = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map(Number);
    if (days.length === 0 || days.some((day) => !Number.isInteger(day) || day < 1 || day > 365)) {
      return helpers.message({ custom: '{{#label}} must be a comma list of whole days between 1 and 365, like 7,1' });
    }
    return [...new Set(days)].sort((a, b) => b - a);
  })
  .default([7, 1]);

export const networkSection = defineSection({
  variables: {
    LPS_NETWORK: Joi.string().valid('sandbox', 'linkedin').default('sandbox'),
    LINKEDIN_CLIENT_ID: requiredWithLinkedIn(Joi.string()),
    LINKEDIN_CLIENT_SECRET: requiredWithLinkedIn(Joi.string()),
    LINKEDIN_REDIRECT_URI: requiredWithLinkedIn(Joi.string().uri({ scheme: ['http', 'https'] })),
    LINKEDIN_API_VERSION: Joi.string()
      .pattern(/^20\d{2}(0[1-9]|1[0-2])$/)
      .default('202601')
      .messages({ 'string.pattern.base': '{{#label}} must be a LinkedIn version YYYYMM, e.g. 202601' }),
    LINKEDIN_API_BASE_URL: Joi.string()
      .uri({ scheme: ['http', 'https'] })
      .default('https://api.linkedin.com'),
    LINKEDIN_OAUTH_BASE_URL: Joi.string()
      .uri({ scheme: ['http', 'https'] })
      .default('https://www.linkedin.com/oauth/v2'),
    LINKEDIN_SCOPES: Joi.string().default('openid profile email w_member_social'),
    /** The OpenID Connect issuer whose discovery document and keys check a sign-in's id_token (tests point it at the fake). */
    LINKEDIN_OIDC_ISSUER: Joi.string()
      .uri({ scheme: ['http', 'https'] })
      .default('https://www.linkedin.com/oauth'),
    /**
     * The optional second app for analytics (Community Management API, which LinkedIn grants only
     * to an app carrying that product alone): its secret is required once its id is set.
     */
    LINKEDIN_ANALYTICS_CLIENT_ID: Joi.string(),
    LINKEDIN_ANALYTICS_CLIENT_SECRET: Joi.string().when('LINKEDIN_ANALYTICS_CLIENT_ID', { is: Joi.exist(), then: Joi.required() }),
    LINKEDIN_ANALYTICS_REDIRECT_URI: Joi.string().uri({ scheme: ['http', 'https'] }),
    LINKEDIN_ANALYTICS_SCOPES: Joi.string().default('r_member_postAnalytics'),
    LINKEDIN_TIMEOUT: durationMs('20s'),
    LPS_ANALYTICS_MAX_AGE: durationMs('15m'),
    LPS_ANALYTICS_REFRESH_INTERVAL: durationMs('1h'),
    LPS_SCHEDULE_SWEEP_INTERVAL: durationMs('5s'),
    /** How far ahead the queue's next free slot must be (POST /posts/{id}/queue): time to change one's mind, and for the job to be placed. */
    LPS_QUEUE_LEAD: durationMs('2m', { min: '1s', max: '1d' }),
    /** Housekeeping the publisher also schedules: Idempotency-Key records past their 24 h window are deleted. */
    LPS_IDEMPOTENCY_PURGE_INTERVAL: durationMs('1h'),
    LPS_PUBLISH_ATTEMPTS: Joi.number().integer().min(1).max(50).default(6),
    LPS_PUBLISH_BACKOFF: durationMs('2s'),
    LPS_PUBLISH_LOCK: durationMs('30s'),
    LPS_PUBLISH_CONCURRENCY: Joi.number().integer().min(1).max(256).default(DEFAULT_PUBLISH_CONCURRENCY),
    /** How long a video publication waits for LinkedIn to finish processing the upload (no worker slot held meanwhile, decision 0021). */
    LPS_VIDEO_PROCESSING_WAIT: durationMs('30m', { min: '1s', max: '24h' }),
    LPS_TOKEN_EXPIRY_WARNING: durationMs('7d'),
    /** Where a member's own connect link may send the browser back (POST /me/connection/links); unset: self-service connection is off. */
    LPS_CONNECT_RETURN_URLS: returnUrlList,
    /** Days before a LinkedIn grant ends on which connection.ending is sent, once each. */
    LPS_CONNECTION_WARNING_DAYS: warningDays,
    /** Test-only: the publisher pauses at this step of a publication (crash-safety test). Inert when unset. */
    LPS_TEST_PAUSE_AT: Joi.string().valid('after-claim', 'network-call', 'after-call', 'after-commit'),
  },
  build: (env) => ({
    mode: env.LPS_NETWORK as 'sandbox' | 'linkedin',
    linkedin: {
      clientId: env.LINKEDIN_CLIENT_ID as string | undefined,
      clientSecret: env.LINKEDIN_CLIENT_SECRET as string | undefined,
      redirectUri: env.LINKEDIN_REDIRECT_URI as string | undefined,
      apiVersion: env.LINKEDIN_API_VERSION as string,
      apiBaseUrl: (env.LINKEDIN_API_BASE_URL as string).replace(/\/+$/, ''),
      oauthBaseUrl: (env.LINKEDIN_OAUTH_BASE_URL as string).replace(/\/+$/, ''),
      scopes: scopeList(env.LINKEDIN_SCOPES),
      oidcIssuer: (env.LINKEDIN_OIDC_ISSUER as string).replace(/\/+$/, ''),
      analyticsApp: env.LINKEDIN_ANALYTICS_CLIENT_ID
        ? {
            clientId: env.LINKEDIN_ANALYTICS_CLIENT_ID as string,
            clientSecret: env.LINKEDIN_ANALYTICS_CLIENT_SECRET as string,
            // One callback serves both apps (the signed state says which); register it in both.
            redirectUri: (env.LINKEDIN_ANALYTICS_REDIRECT_URI ?? env.LINKEDIN_REDIRECT_URI) as string | undefined,
            scopes: scopeList(env.LINKEDIN_ANALYTICS_SCOPES),
          }
        : undefined,
      timeoutMs: env.LINKEDIN_TIMEOUT as number,
    },
    analyticsMaxAgeMs: env.LPS_ANALYTICS_MAX_AGE as number,
    analyticsRefreshIntervalMs: env.LPS_ANALYTICS_REFRESH_INTERVAL as number,
    scheduleSweepIntervalMs: env.LPS_SCHEDULE_SWEEP_INTERVAL as number,
    queueLeadMs: env.LPS_QUEUE_LEAD as number,
    idempotencyPurgeIntervalMs: env.LPS_IDEMPOTENCY_PURGE_INTERVAL as number,
    publish: {
      attempts: env.LPS_PUBLISH_ATTEMPTS as number,
      backoffMs: env.LPS_PUBLISH_BACKOFF as number,
      lockMs: env.LPS_PUBLISH_LOCK as number,
      concurrency: env.LPS_PUBLISH_CONCURRENCY as number,
      videoProcessingWaitMs: env.LPS_VIDEO_PROCESSING_WAIT as number,
    },
    tokenExpiryWarningMs: env.LPS_TOKEN_EXPIRY_WARNING as number,
    connect: {
      /** Empty: no member can ask for their own link. */
      returnUrls: (env.LPS_CONNECT_RETURN_URLS as AllowedReturnUrl[] | undefined) ?? [],
      warningDays: env.LPS_CONNECTION_WARNING_DAYS as number[],
    },
    testPauseAt: env.LPS_TEST_PAUSE_AT as 'after-claim' | 'network-call' | 'after-call' | 'after-commit' | undefined,
  }),
});
