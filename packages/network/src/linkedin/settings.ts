/** What the LinkedIn client needs from the configuration (config.network.linkedin). */
export interface LinkedInSettings {
  apiVersion: string;
  apiBaseUrl: string;
  oauthBaseUrl: string;
  clientId?: string;
  clientSecret?: string;
  redirectUri?: string;
  scopes: string[];
  /** The OpenID Connect issuer of sign-ins (LINKEDIN_OIDC_ISSUER): its discovery document names the keys. */
  oidcIssuer: string;
  /** The optional second app that reads analytics (LINKEDIN_ANALYTICS_*); undefined when not configured. */
  analyticsApp?: LinkedInAppCredentials | undefined;
  timeoutMs: number;
}

export interface LinkedInAppCredentials {
  clientId: string;
  clientSecret: string;
  redirectUri: string | undefined;
  scopes: string[];
}

/** Which of the member's LinkedIn grants: the share app's (posting) or the analytics app's. */
export type LinkedInGrant = 'share' | 'analytics';

/** Where the client reports LinkedIn's request ids (x-li-uuid) of failed calls. */
export interface NetworkLogger {
  warn(message: string, meta?: Record<string, unknown>): void;
}
