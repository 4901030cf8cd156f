import type { MemberProfile } from './member-profile.js';
import type { ResearchNote } from './research-provider.js';

export type { MemberProfile } from './member-profile.js';

/** The profile fields of a member row (or nothing, for a member deleted meanwhile). */
export const memberProfileOf = (member: { displayName: string | null; headline: string | null; companyName: string | null } | null | undefined): MemberProfile => ({
  displayName: member?.displayName ?? null,
  headline: member?.headline ?? null,
  companyName: member?.companyName ?? null,
});

export interface PostDraftRequest {
  idea: string;
  angle?: string | null;
  templateId?: string | null;
  member: MemberProfile;
  /** Varies the draft: the same seed gives the same draft, another seed another one. */
  seed: number;
  /** Research notes to ground the post, when research ran first. */
  research?: ResearchNote[];
  /** The draft being replaced (regenerate): the new one should differ from it. */
  previousBody?: string | null;
}

export interface IdeaDraft {
  title: string;
  angle: string | null;
}

export interface IdeasRequest {
  member: MemberProfile;
  count: number;
  /** Every title the member already has, to avoid repeating them (a provider may send only the newest to a model). */
  avoid: string[];
  /** What the member's recent posts are about (their ideas), newest first: themes to draw new ideas from. */
  topics?: string[];
  seed: number;
}

export interface ResearchIdeasRequest extends IdeasRequest {
  keyword: string;
  notes: ResearchNote[];
}

export interface TextProvider {
  readonly name: string;
  writePost(request: PostDraftRequest): Promise<{ body: string }>;
  generateIdeas(request: IdeasRequest): Promise<IdeaDraft[]>;
  ideasFromResearch(request: ResearchIdeasRequest): Promise<IdeaDraft[]>;
}

/** The provider failed for good (after its retries): the API answers 503 with Retry-After. */
export class ProviderUnavailableError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds = 30,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** LinkedIn's limit on a post's text. */
export const MAX_POST_LENGTH = 3000;
/** docs/api.md: idea titles and angles. */
export const MAX_IDEA_TITLE_LENGTH = 200;
export const MAX_IDEA_ANGLE_LENGTH = 1000;
/** docs/api.md: at most 10 ideas per generation or research run. */
export const MAX_IDEAS_PER_RUN = 10;
