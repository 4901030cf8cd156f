import { NetworkError } from '../network-error.js';
import {
  postUrl,
  type MediaStatus,
  type Network,
  type NetworkAccount,
  type NetworkIdentity,
  type OwnPostCheck,
  type PostMetrics,
  type PublishedPost,
  type PublishRequest,
  type VideoSource,
} from '../network.js';
import { assertCommentaryFits } from '../commentary-length.js';
import { postContent } from '../linkedin/post-content.js';
import { attemptsAfterFirst, refusalError, SANDBOX_REFUSAL_KINDS, type SandboxRefusalKind } from './refusals.js';
import type { InjectedFailure, SandboxPost, SandboxStore } from './sandbox-store.js';
import { addMetrics, syntheticMetrics, ZERO_METRICS } from './synthetic-metrics.js';

export interface SandboxOptions {
  /** Called after a post is stored and before the call answers: the crash test pauses "during" the call here. */
  afterPublishStored?: (post: SandboxPost) => Promise<void>;
  /** The publisher's attempts per publication (LPS_PUBLISH_ATTEMPTS): a lasting refusal (429, 500) meets every one of them. */
  publishAttempts?: number;
}

/**
 * The simulated network (LPS_NETWORK=sandbox): URNs `urn:li:share:<n>`, LinkedIn's
 * URL shape, synthetic analytics that grow with age, and injectable failures.
 */
export class SandboxNetwork implements Network {
  readonly mode = 'sandbox' as const;

  constructor(
    readonly store: SandboxStore,
    private readonly options: SandboxOptions = {},
  ) {}

  /** Makes the next matching call fail (tests). */
  injectFailure(failure: InjectedFailure): Promise<void> {
    return this.store.pushFailure(failure);
  }

  /**
   * The member's next publication is refused as LinkedIn would refuse it (`lps sandbox fail-next`,
   * decision 0038): once, by that publication; a 429 or 500 refuses all its attempts.
   */
  armRefusal(memberId: string, kind: SandboxRefusalKind): Promise<void> {
    return this.store.armRefusal(memberId, kind);
  }

  /** The refusal waiting for the member's next publication, if any. */
  armedRefusal(memberId: string): Promise<SandboxRefusalKind | undefined> {
    return this.store.armedRefusal(memberId);
  }

  disarmRefusal(memberId: string): Promise<void> {
    return this.store.disarmRefusal(memberId);
  }

  async publishPost(account: NetworkAccount, request: PublishRequest): Promise<PublishedPost> {
    // The same rules as LinkedIn's: the commentary's length, one kind of content, 2–20 images, alt text, a poll's 2–4 options.
    assertCommentaryFits(request.commentary);
    postContent(request);
    const { media, images, poll, article } = request;
    // LinkedIn refuses a post naming a video it is still processing (422, nothing created): so does the sandbox.
    if (media?.kind === 'video' && stillProcessing(media.urn)) {
      throw new NetworkError('permanent', `Media ${media.urn} is still PROCESSING`, { status: 422, code: 'MEDIA_ASSET_PROCESSING' });
    }
    const attempts = this.options.publishAttempts ?? 1;
    const refusals = { memberId: account.memberId, attemptsAfterFirst: Object.fromEntries(SANDBOX_REFUSAL_KINDS.map((kind) => [kind, attemptsAfterFirst(kind, attempts)])) };
    const { post, failure, refusal } = await this.store.publish(
      {
        author: account.personUrn,
        commentary: request.commentary,
        reference: request.reference,
        media: media ? { kind: media.kind, urn: media.urn, ...(media.title ? { title: media.title } : {}), ...(media.altText ? { altText: media.altText } : {}) } : null,
        ...(images ? { images } : {}),
        ...(poll ? { poll } : {}),
        ...(article ? { article } : {}),
        createdAt: new Date().toISOString(),
      },
      refusals,
    );
    if (refusal) throw refusalError(refusal);
    if (!post) throw failureError(failure as InjectedFailure);
    await this.options.afterPublishStored?.(post);
    // The post exists, but the caller never hears so: the case the at-most-once protocol must survive.
    if (failure) throw failureError(failure);
    return { urn: post.urn, url: postUrl(post.urn) };
  }

  async uploadImage(account: NetworkAccount): Promise<string> {
    return this.upload(account, 'image');
  }

  async uploadDocument(account: NetworkAccount): Promise<string> {
    return this.upload(account, 'document');
  }

  /**
   * The whole video is read (part by part, as for LinkedIn) and forgotten: the sandbox keeps no bytes.
   * Its URN carries when it was uploaded, so its status needs no state: PROCESSING for a moment, as on LinkedIn.
   */
  async uploadVideo(account: NetworkAccount, video: VideoSource): Promise<string> {
    const partBytes = 4_194_304;
    for (let first = 0; first < video.sizeBytes; first += partBytes) await video.readRange(first, Math.min(first + partBytes, video.sizeBytes) - 1);
    return `${await this.upload(account, 'video')}-${Date.now()}`;
  }

  /** PROCESSING for SANDBOX_VIDEO_PROCESSING_MS after the upload, then AVAILABLE — or PROCESSING_FAILED when a test injected that. */
  async videoStatus(_account: NetworkAccount, urn: string): Promise<MediaStatus> {
    if (stillProcessing(urn)) return 'PROCESSING';
    const failure = await this.store.takeFailure('video-processing');
    return failure ? 'PROCESSING_FAILED' : 'AVAILABLE';
  }

  async deletePost(_account: NetworkAccount, urn: string): Promise<void> {
    const post = await this.store.findByUrn(urn);
    if (post && !post.deletedAt) await this.store.savePost({ ...post, deletedAt: new Date().toISOString() });
  }

  async postAnalytics(_account: NetworkAccount, urn: string): Promise<PostMetrics> {
    const failure = await this.store.takeFailure('analytics');
    if (failure) throw failureError(failure);
    const post = await this.store.findByUrn(urn);
    if (!post) throw new NetworkError('permanent', `no post ${urn} on the sandbox network`, { status: 404 });
    return syntheticMetrics(post.urn, new Date(post.createdAt));
  }

  async memberTotals(account: NetworkAccount): Promise<PostMetrics> {
    const posts = (await this.store.listPosts()).filter((post) => post.author === account.personUrn && !post.deletedAt);
    return posts.reduce((sum, post) => addMetrics(sum, syntheticMetrics(post.urn, new Date(post.createdAt))), ZERO_METRICS);
  }

  async identity(account: NetworkAccount): Promise<NetworkIdentity> {
    return { personUrn: account.personUrn, name: null, email: null, picture: null };
  }

  async findByReference(_account: NetworkAccount, reference: string): Promise<PublishedPost | undefined> {
    const post = await this.store.findByReference(reference);
    return post ? { urn: post.urn, url: postUrl(post.urn) } : undefined;
  }

  async checkOwnPost(account: NetworkAccount, urn: string, commentary: string): Promise<OwnPostCheck> {
    const post = await this.store.findByUrn(urn);
    if (!post || post.deletedAt) return { verdict: 'gone' };
    if (post.author !== account.personUrn) return { verdict: 'not ours', reason: `its author is ${post.author}` };
    return post.commentary === commentary ? { verdict: 'ours' } : { verdict: 'not ours', reason: 'its commentary differs from this post' };
  }

  private async upload(_account: NetworkAccount, kind: 'image' | 'document' | 'video'): Promise<string> {
    const failure = await this.store.takeFailure('upload');
    if (failure) throw failureError(failure);
    return `urn:li:${kind}:sandbox-${await this.store.nextSequence()}`;
  }
}

/** How long the sandbox "processes" a video: long enough that a publication must wait for it, as on LinkedIn. */
export const SANDBOX_VIDEO_PROCESSING_MS = 1_000;

/** A sandbox video's URN ends with its upload time (ms). */
const stillProcessing = (urn: string): boolean => Date.now() - Number(/-(\d+)$/.exec(urn)?.[1] ?? 0) < SANDBOX_VIDEO_PROCESSING_MS;

/** The person URN a member has on the sandbox network. */
export const sandboxPersonUrn = (memberId: string): string => `urn:li:person:sandbox-${memberId}`;

function failureError(failure: InjectedFailure): NetworkError {
  const message = failure.message ?? `injected ${failure.kind} failure`;
  if (failure.kind === 'timeout-after-publish') return new NetworkError('retryable', message, { uncertain: true });
  return new NetworkError(failure.kind, message);
}
