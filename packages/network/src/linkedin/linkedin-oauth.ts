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
  /** The OpenID Connect ID token, when `openid` was granted: checked by verifyIdToken before any claim is read. */
  idToken: string | null;
}

/** A sign-in's own authorize request (the dashboard): its redirect URL and the OIDC nonce. */
export interface SignInRequest {
  redirectUri: string;
  nonce: string;
}

interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
  scope?: string;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  id_token?: string;
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

  /** With `signIn`, the dashboard's sign-in: its own redirect URL and a nonce (the same scopes: signing in also connects). */
  authorizeUrl(state: string, signIn?: SignInRequest): string {
    const { clientId, redirectUri, scopes } = this.required();
    const query = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: signIn?.redirectUri ?? redirectUri, state });
    if (signIn) query.set('nonce', signIn.nonce);
    // LinkedIn wants the scopes space-separated (%20), which URLSearchParams would write as '+'.
    return `${this.settings.oauthBaseUrl}/authorization?${query.toString()}&scope=${scopes.map(encodeURIComponent).join('%20')}`;
  }

  /**
   * The code for tokens. LinkedIn authenticates the app by client_id and client_secret in the form
   * (client_secret_post), which its discovery document does not say; the redirect URL must be the authorize request's.
   */
  exchangeCode(code: string, redirectUriOverride?: string): Promise<LinkedInTokens> {
    const { clientId, clientSecret, redirectUri } = this.required();
    return this.token({ grant_type: 'authorization_code', code, client_id: clientId, client_secret: clientSecret, redirect_uri: redirectUriOverride ?? redirectUri });
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
      idToken: typeof answer.id_token === 'string' ? answer.id_token : null,
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
