import type { MemberProfile } from '../text-provider.js';

/** What a set of image candidates is made from: the post, the member and an optional scene hint. */
export interface ImageRequest {
  /** The post's text; its first line is the hook. */
  body: string | null;
  /** The idea the post was made from (used when the body is empty). */
  idea: string | null;
  /** Free-text hint from POST /images (`scene`): steers colours, wording and the prompt. */
  scene: string | null;
  member: MemberProfile;
  /** Varies palettes and layouts: the same seed renders the same set. */
  seed: number;
}

export type CandidateKind = 'image' | 'document';

/** One rendered candidate, ready to store. */
export interface RenderedCandidate {
  kind: CandidateKind;
  /** Which design made it (for logs and file names). */
  design: string;
  width: number;
  height: number;
  contentType: 'image/png' | 'image/jpeg' | 'application/pdf';
  extension: 'png' | 'jpg' | 'pdf';
  data: Buffer;
  /** Images: what the picture shows, for screen readers (decision 0022). */
  altText?: string;
  /** The words drawn in the picture, when they are the post's own: an overlay would repeat them. */
  showsText?: string;
}

export interface ImageProvider {
  readonly name: string;
  /** Renders one set of candidates; throws ProviderUnavailableError when an upstream fails for good. */
  generate(request: ImageRequest): Promise<RenderedCandidate[]>;
}

/** The two feed formats every image candidate comes in: square and LinkedIn's link-preview landscape. */
export const IMAGE_SIZES = [
  { width: 1200, height: 1200 },
  { width: 1200, height: 627 },
] as const;

/**
 * LinkedIn's Images API refuses images of more pixels than this. It is also our
 * decoding bound: a 776 KB PNG can declare 16,000 × 16,000 pixels (1 GB decoded).
 */
export const MAX_IMAGE_PIXELS = 36_152_320;

/** Portrait carousel slides, the format LinkedIn document posts use most. */
export const CAROUSEL_SIZE = { width: 1080, height: 1350 } as const;

/** docs/api.md: a generation or upload that would take one post past this many candidates fails. */
export const MAX_IMAGE_CANDIDATES = 60;
