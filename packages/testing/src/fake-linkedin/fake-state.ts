import { randomBytes, randomInt } from 'node:crypto';

export type FakeOperation =
  | 'posts.create'
  | 'posts.delete'
  | 'posts.get'
  | 'images.init'
  | 'documents.init'
  | 'videos.init'
  | 'videos.finalize'
  | 'videos.get'
  | 'upload'
  | 'analytics'
  | 'userinfo'
  | 'token'
  | 'authorize'
  | 'discovery'
  | 'jwks';

/** A fault a test scripts into the next ID token (the sign-in's checks must refuse each). */
export type IdTokenFault = 'bad-signature' | 'wrong-audience' | 'wrong-issuer' | 'expired' | 'other-nonce';

/** A scripted answer for the next call of one operation. */
export interface ScriptedFailure {
  status?: number;
  body?: unknown;
  /** Handle the call normally (e.g. create the post), then wait this long before answering: a client time-out after success. */
  hangAfterSuccessMs?: number;
  /** Close the connection without answering and without doing anything: the call reached LinkedIn, nothing happened. */
  reset?: boolean;
  /** Create the post, then close the connection without answering: the answer is lost although the post exists. */
  resetAfterSuccess?: boolean;
}

export interface FakeAccount {
  sub: string;
  name: string;
  email: string;
  /** The profile picture's URL, when the person has one. */
  picture?: string;
  scopes: string[];
  accessToken: string;
  /** The app (client_id) the token was issued to. */
  clientId: string;
  /** LinkedIn answers 65602 from this moment on (60 days after issue, like the real tokens). */
  expiresAt: Date;
  /** Only apps enabled for programmatic refresh tokens get one (365 days, not reset by a refresh). */
  refreshToken?: string;
  refreshExpiresAt?: Date;
  /** 65601 revoked, 65602 expired; undefined while valid. */
  invalid?: 65601 | 65602;
}

/** A developer app as registered in LinkedIn's portal: its products decide which scopes it may request. */
export interface FakeApp {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  allowedScopes: string[];
  /** What the app asks for when a test does not say (lps's default LINKEDIN_SCOPES / LINKEDIN_ANALYTICS_SCOPES). */
  defaultScopes: string[];
  refreshTokens: boolean;
}

/** An authorization code: bound to the app and the exact redirect_uri of its authorize request. */
export interface FakeCode {
  accessToken: string;
  clientId: string;
  redirectUri: string;
  expiresAt: Date;
  /** The OIDC nonce of the authorize request, echoed in the ID token. */
  nonce?: string;
}

export const SHARE_APP: FakeApp = {
  clientId: 'fake-client-id',
  clientSecret: 'fake-client-secret',
  redirectUris: ['http://127.0.0.1:3000/oauth/linkedin/callback'],
  // "Sign In with LinkedIn using OpenID Connect" + "Share on LinkedIn".
  allowedScopes: ['openid', 'profile', 'email', 'w_member_social'],
  defaultScopes: ['openid', 'profile', 'email', 'w_member_social'],
  refreshTokens: false,
};

/** Community Management API, alone on its app as LinkedIn requires. */
export const ANALYTICS_APP: FakeApp = {
  clientId: 'fake-analytics-client-id',
  clientSecret: 'fake-analytics-client-secret',
  redirectUris: ['http://127.0.0.1:3000/oauth/linkedin/callback'],
  allowedScopes: ['r_member_postAnalytics', 'w_member_social', 'r_organization_social', 'w_organization_social', 'rw_organization_admin'],
  defaultScopes: ['r_member_postAnalytics'],
  refreshTokens: false,
};

const ACCESS_TOKEN_TTL_MS = 60 * 86_400_000;
const REFRESH_TOKEN_TTL_MS = 365 * 86_400_000;
const CODE_TTL_MS = 30 * 60_000;

export interface PersonOptions {
  sub?: string;
  name?: string;
  picture?: string;
  nonce?: string;
  scopes?: string[];
  /** Which app the grant is for (default: the share app). */
  clientId?: string;
  redirectUri?: string;
}

export interface FakePost {
  urn: string;
  author: string;
  /** Commentary as sent (escaped little text) and as readers see it (cut short where LinkedIn would cut it). */
  commentary: string;
  text: string;
  hashtags: string[];
  mentions: { name: string; urn: string }[];
  content: unknown;
  createdAt: Date;
  deleted: boolean;
}

/** One part of a video upload as initializeUpload described it (LinkedIn's `uploadInstructions`). */
export interface FakeVideoPart {
  uploadUrl: string;
  firstByte: number;
  lastByte: number;
  /** Set by a successful PUT of exactly this part's bytes: what finalizeUpload must quote back. */
  etag?: string;
}

/** What the Videos API remembers of an upload between initializeUpload and finalizeUpload. */
export interface FakeVideoUpload {
  fileSizeBytes: number;
  uploadToken: string;
  parts: FakeVideoPart[];
  finalized: boolean;
}

/** LinkedIn's media statuses (Images, Documents and Videos API pages). */
export type FakeMediaStatus = 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED';

export interface FakeAsset {
  urn: string;
  owner: string;
  kind: 'image' | 'document' | 'video';
  bytes: Buffer | null;
  contentType: string | null;
  /** LinkedIn processes an upload before a post may use it: PROCESSING until then, AVAILABLE after. */
  availableAt: number | null;
  /** Why processing failed (an image over LinkedIn's pixel limit, a video scripted to fail): PROCESSING_FAILED for good. */
  failure?: string;
  video?: FakeVideoUpload;
}

/** The status LinkedIn reports for an asset at this moment. */
export function mediaStatusOf(asset: FakeAsset, now = Date.now()): FakeMediaStatus {
  if (asset.availableAt === null) return 'WAITING_UPLOAD';
  if (asset.availableAt > now) return 'PROCESSING';
  return asset.failure ? 'PROCESSING_FAILED' : 'AVAILABLE';
}

export type MetricCounts = Partial<Record<'IMPRESSION' | 'MEMBERS_REACHED' | 'REACTION' | 'COMMENT' | 'RESHARE', number>>;

/** Everything the fake LinkedIn remembers; tests read and shape it directly. */
export class FakeLinkedInState {
  readonly accounts = new Map<string, FakeAccount>();
  readonly codes = new Map<string, FakeCode>();
  readonly apps = new Map<string, FakeApp>([SHARE_APP, ANALYTICS_APP].map((app) => [app.clientId, { ...app }]));
  /** The LinkedIn person signed in to the browser that follows an authorize URL (a new one when unset). */
  browserPerson: { sub?: string; name?: string; picture?: string } | undefined;
  /** What the person in the browser does on the authorize page: approve, or cancel (`error=user_cancelled_login`). */
  browserAnswer: 'approve' | 'cancel' = 'approve';
  /** A fault for the next ID token (scripted by tests of the sign-in's checks). */
  idTokenFault: IdTokenFault | undefined;
  readonly posts: FakePost[] = [];
  readonly assets = new Map<string, FakeAsset>();
  readonly metrics = new Map<string, MetricCounts>();
  readonly scripts = new Map<FakeOperation, ScriptedFailure[]>();
  readonly requests: { method: string; path: string; headers: Record<string, string | string[] | undefined>; host: 'api' | 'upload' }[] = [];
  readonly retiredVersions = new Set<string>(['202301']);
  metricTypeShape: 'object' | 'string' = 'object';
  /** How long an uploaded asset stays PROCESSING. */
  mediaProcessingMs = 300;
  /** How long a finalized video stays PROCESSING (LinkedIn transcodes it). */
  videoProcessingMs = 300;
  /** LinkedIn's parts are 4 MB (4,194,304 bytes) on its Videos API page; tests make them smaller to keep files small. */
  videoPartBytes = 4_194_304;
  /** Videos whose processing will end PROCESSING_FAILED (scripted by tests), by URN. */
  readonly failingVideos = new Set<string>();
  /** When set, the next video to be initialized will fail its processing. */
  failNextVideoProcessing = false;
  private sequence = 7_000_000_000;

  nextId(): number {
    this.sequence += 1;
    return this.sequence;
  }

  /**
   * A post id as LinkedIn makes them: the creation time in milliseconds since the
   * epoch in the bits above the lowest 22 (checked against dated public posts,
   * docs/decisions/0017), the rest unique. `at` lets a test make an older post.
   */
  nextPostId(at = Date.now()): string {
    return ((BigInt(at) << 22n) | BigInt(randomInt(0, 1 << 22))).toString();
  }

  addAccount(options: PersonOptions = {}): FakeAccount & { personUrn: string } {
    const sub = options.sub ?? randomBytes(5).toString('hex');
    const app = this.apps.get(options.clientId ?? SHARE_APP.clientId) as FakeApp;
    const now = Date.now();
    const account: FakeAccount = {
      sub,
      name: options.name ?? `Person ${sub}`,
      email: `${sub}@example.test`,
      ...(options.picture ? { picture: options.picture } : {}),
      scopes: options.scopes ?? app.defaultScopes,
      accessToken: `AQ${randomBytes(24).toString('base64url')}`,
      clientId: app.clientId,
      expiresAt: new Date(now + ACCESS_TOKEN_TTL_MS),
      ...(app.refreshTokens ? { refreshToken: `AQR${randomBytes(24).toString('base64url')}`, refreshExpiresAt: new Date(now + REFRESH_TOKEN_TTL_MS) } : {}),
    };
    this.accounts.set(account.accessToken, account);
    return { ...account, personUrn: `urn:li:person:${sub}` };
  }

  /** An authorization code as LinkedIn would hand it to the redirect URI of the authorize request. */
  issueCode(options: PersonOptions = {}): string {
    const account = this.addAccount(options);
    const code = `code-${randomBytes(8).toString('hex')}`;
    const redirectUri = options.redirectUri ?? (this.apps.get(account.clientId) as FakeApp).redirectUris[0] ?? '';
    this.codes.set(code, {
      accessToken: account.accessToken,
      clientId: account.clientId,
      redirectUri,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
      ...(options.nonce ? { nonce: options.nonce } : {}),
    });
    return code;
  }

  /** A new access token for the same grant (refresh_token grant): the refresh token's lifetime is not reset. */
  refreshAccount(account: FakeAccount): FakeAccount {
    const renewed: FakeAccount = { ...account, accessToken: `AQ${randomBytes(24).toString('base64url')}`, expiresAt: new Date(Date.now() + ACCESS_TOKEN_TTL_MS) };
    this.accounts.set(renewed.accessToken, renewed);
    return renewed;
  }

  accountByRefreshToken(refreshToken: string): FakeAccount | undefined {
    return [...this.accounts.values()].reverse().find((account) => account.refreshToken === refreshToken);
  }

  /** Registers one more redirect URL for an app, as its developer would in LinkedIn's portal. */
  registerRedirectUri(clientId: string, uri: string): void {
    const app = this.apps.get(clientId) as FakeApp;
    app.redirectUris = [...app.redirectUris, uri];
  }

  failNext(operation: FakeOperation, failure: ScriptedFailure): void {
    this.scripts.set(operation, [...(this.scripts.get(operation) ?? []), failure]);
  }

  takeScript(operation: FakeOperation): ScriptedFailure | undefined {
    return this.scripts.get(operation)?.shift();
  }

  livePosts(author?: string): FakePost[] {
    return this.posts.filter((post) => !post.deleted && (!author || post.author === author));
  }
}
