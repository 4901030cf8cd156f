import { randomBytes } from 'node:crypto';

export type FakeOperation =
  | 'posts.create'
  | 'posts.delete'
  | 'posts.get'
  | 'images.init'
  | 'documents.init'
  | 'upload'
  | 'analytics'
  | 'userinfo'
  | 'token';

/** A scripted answer for the next call of one operation. */
export interface ScriptedFailure {
  status?: number;
  body?: unknown;
  /** Handle the call normally (e.g. create the post), then wait this long before answering: a client time-out after success. */
  hangAfterSuccessMs?: number;
}

export interface FakeAccount {
  sub: string;
  name: string;
  email: string;
  scopes: string[];
  accessToken: string;
  /** 65601 revoked, 65602 expired; undefined while valid. */
  invalid?: 65601 | 65602;
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

export interface FakeAsset {
  urn: string;
  owner: string;
  kind: 'image' | 'document';
  bytes: Buffer | null;
  contentType: string | null;
  /** LinkedIn processes an upload before a post may use it: PROCESSING until then, AVAILABLE after. */
  availableAt: number | null;
}

export type MetricCounts = Partial<Record<'IMPRESSION' | 'MEMBERS_REACHED' | 'REACTION' | 'COMMENT' | 'RESHARE', number>>;

/** Everything the fake LinkedIn remembers; tests read and shape it directly. */
export class FakeLinkedInState {
  readonly accounts = new Map<string, FakeAccount>();
  readonly codes = new Map<string, string>();
  readonly posts: FakePost[] = [];
  readonly assets = new Map<string, FakeAsset>();
  readonly metrics = new Map<string, MetricCounts>();
  readonly scripts = new Map<FakeOperation, ScriptedFailure[]>();
  readonly requests: { method: string; path: string; headers: Record<string, string | string[] | undefined>; host: 'api' | 'upload' }[] = [];
  readonly retiredVersions = new Set<string>(['202301']);
  metricTypeShape: 'object' | 'string' = 'object';
  /** How long an uploaded asset stays PROCESSING. */
  mediaProcessingMs = 300;
  private sequence = 7_000_000_000;

  nextId(): number {
    this.sequence += 1;
    return this.sequence;
  }

  addAccount(options: { sub?: string; name?: string; scopes?: string[] } = {}): FakeAccount & { personUrn: string } {
    const sub = options.sub ?? randomBytes(5).toString('hex');
    const account: FakeAccount = {
      sub,
      name: options.name ?? `Person ${sub}`,
      email: `${sub}@example.test`,
      scopes: options.scopes ?? ['openid', 'profile', 'email', 'w_member_social', 'r_member_postAnalytics'],
      accessToken: `AQ${randomBytes(24).toString('base64url')}`,
    };
    this.accounts.set(account.accessToken, account);
    return { ...account, personUrn: `urn:li:person:${sub}` };
  }

  /** An authorization code as LinkedIn would hand it to the redirect URI. */
  issueCode(options: { sub?: string; name?: string; scopes?: string[] } = {}): string {
    const account = this.addAccount(options);
    const code = `code-${randomBytes(8).toString('hex')}`;
    this.codes.set(code, account.accessToken);
    return code;
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
