/** What the LinkedIn client needs from the configuration (config.network.linkedin). */
export interface LinkedInSettings {
  apiVersion: string;
  apiBaseUrl: string;
  oauthBaseUrl: string;
  clientId?: string;
  clientSecret?: string;
  redirectUri?: string;
  scopes: string[];
  timeoutMs: number;
}

/** Where the client reports LinkedIn's request ids (x-li-uuid) of failed calls. */
export interface NetworkLogger {
  warn(message: string, meta?: Record<string, unknown>): void;
}
