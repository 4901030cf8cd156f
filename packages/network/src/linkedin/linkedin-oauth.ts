import { NetworkError } from '../network-error.js';
import { LinkedInHttp, parseJson } from './linkedin-http.js';
import type { LinkedInSettings } from './settings.js';

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

/** LinkedIn's 3-legged OAuth for members: the authorize URL and the code exchange. */
export class LinkedInOAuth {
  private readonly http: LinkedInHttp;

  constructor(private readonly settings: LinkedInSettings) {
    this.http = new LinkedInHttp(settings);
  }

  authorizeUrl(state: string): string {
    const { clientId, redirectUri } = this.required();
    const query = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: redirectUri, state });
    // LinkedIn wants the scopes space-separated (%20), which URLSearchParams would write as '+'.
    return `${this.settings.oauthBaseUrl}/authorization?${query.toString()}&scope=${this.settings.scopes.map(encodeURIComponent).join('%20')}`;
  }

  async exchangeCode(code: string): Promise<LinkedInTokens> {
    const { clientId, clientSecret, redirectUri } = this.required();
    const form = new URLSearchParams({ grant_type: 'authorization_code', code, client_id: clientId, client_secret: clientSecret, redirect_uri: redirectUri });
    const response = await this.http.send(
      'POST',
      `${this.settings.oauthBaseUrl}/accessToken`,
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      form.toString(),
    );
    const answer = parseJson<TokenAnswer>(response);
    if (!answer.access_token) throw new NetworkError('permanent', 'LinkedIn token answer carries no access_token');
    return {
      accessToken: answer.access_token,
      expiresInSeconds: answer.expires_in ?? 5_184_000,
      scopes: (answer.scope ?? '').split(/[\s,]+/).filter(Boolean),
      refreshToken: answer.refresh_token ?? null,
      refreshExpiresInSeconds: answer.refresh_token_expires_in ?? null,
    };
  }

  private required() {
    const { clientId, clientSecret, redirectUri } = this.settings;
    if (!clientId || !clientSecret || !redirectUri) {
      throw new Error('LINKEDIN_CLIENT_ID, LINKEDIN_CLIENT_SECRET and LINKEDIN_REDIRECT_URI must be set to connect members');
    }
    return { clientId, clientSecret, redirectUri };
  }
}
