import { scopeList } from '@lps/config';
import { NetworkError } from '../network-error.js';
import { LinkedInHttp, parseJson } from './linkedin-http.js';
import type { LinkedInGrant, LinkedInSettings } from './settings.js';

export interface LinkedInTokens {
  accessToken: string;
  expiresInSeconds: number;
  scopes: string[];
  refreshToken: string | null;
  refreshExpiresInSeconds: number | null;
}

interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
  scope?: string;
  refresh_token?: string;
  refresh_token_expires_in?: number;
}

/** The analytics app is optional: connecting through it without LINKEDIN_ANALYTICS_CLIENT_ID says so. */
export class AnalyticsAppMissingError extends Error {
  override readonly name = 'AnalyticsAppMissingError';
  constructor() {
    super('LINKEDIN_ANALYTICS_CLIENT_ID and LINKEDIN_ANALYTICS_CLIENT_SECRET must be set to connect members for analytics');
  }
}

/**
 * LinkedIn's 3-legged OAuth for members through one of our two apps (`grant`): the
 * authorize URL, the code exchange and, where LinkedIn granted one, the refresh-token grant.
 */
export class LinkedInOAuth {
  private readonly http: LinkedInHttp;

  constructor(
    private readonly settings: LinkedInSettings,
    readonly grant: LinkedInGrant = 'share',
  ) {
    this.http = new LinkedInHttp(settings);
  }

  authorizeUrl(state: string): string {
    const { clientId, redirectUri, scopes } = this.required();
    const query = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: redirectUri, state });
    // LinkedIn wants the scopes space-separated (%20), which URLSearchParams would write as '+'.
    return `${this.settings.oauthBaseUrl}/authorization?${query.toString()}&scope=${scopes.map(encodeURIComponent).join('%20')}`;
  }

  exchangeCode(code: string): Promise<LinkedInTokens> {
    const { clientId, clientSecret, redirectUri } = this.required();
    return this.token({ grant_type: 'authorization_code', code, client_id: clientId, client_secret: clientSecret, redirect_uri: redirectUri });
  }

  /** grant_type=refresh_token: a new 60-day access token; the refresh token keeps its original end. */
  refresh(refreshToken: string): Promise<LinkedInTokens> {
    const { clientId, clientSecret } = this.required();
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, client_secret: clientSecret });
  }

  private async token(fields: Record<string, string>): Promise<LinkedInTokens> {
    const form = new URLSearchParams(fields);
    const response = await this.http.send('POST', `${this.settings.oauthBaseUrl}/accessToken`, { 'Content-Type': 'application/x-www-form-urlencoded' }, form.toString());
    const answer = parseJson<TokenAnswer>(response);
    if (!answer.access_token) throw new NetworkError('permanent', 'LinkedIn token answer carries no access_token');
    return {
      accessToken: answer.access_token,
      expiresInSeconds: answer.expires_in ?? 5_184_000,
      scopes: scopeList(answer.scope),
      refreshToken: answer.refresh_token ?? null,
      refreshExpiresInSeconds: answer.refresh_token_expires_in ?? null,
    };
  }

  private required() {
    if (this.grant === 'analytics') {
      const app = this.settings.analyticsApp;
      if (!app?.redirectUri) throw new AnalyticsAppMissingError();
      return { clientId: app.clientId, clientSecret: app.clientSecret, redirectUri: app.redirectUri, scopes: app.scopes };
    }
    const { clientId, clientSecret, redirectUri, scopes } = this.settings;
    if (!clientId || !clientSecret || !redirectUri) {
      throw new Error('LINKEDIN_CLIENT_ID, LINKEDIN_CLIENT_SECRET and LINKEDIN_REDIRECT_URI must be set to connect members');
    }
    return { clientId, clientSecret, redirectUri, scopes };
  }
}
