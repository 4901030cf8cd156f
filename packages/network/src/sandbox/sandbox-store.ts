import type { ArticleCard, MediaKind, PollRequest, UploadedImage } from '../network.js';
import type { SandboxRefusalKind } from './refusals.js';

/** One post as the simulated network keeps it. */
export interface SandboxPost {
  urn: string;
  author: string;
  /** The commentary as LinkedIn would receive it (little text). */
  commentary: string;
  reference: string;
  /** As LinkedIn's content.media: a document's or video's title, an image's alt text. */
  media: { kind: MediaKind; urn: string; title?: string; altText?: string } | null;
  /** A multi-image post's images, in order. */
  images?: UploadedImage[];
  /** A poll, as content.poll asks it (decision 0033). */
  poll?: PollRequest;
  /** A link card: what a reader of the sandbox network sees under the text. */
  article?: ArticleCard;
  createdAt: string;
  deletedAt: string | null;
}

/** A failure the next matching call will meet (tests inject these). */
export interface InjectedFailure {
  operation: 'publish' | 'upload' | 'analytics' | 'video-processing' | 'any';
  kind: 'retryable' | 'permanent' | 'unauthorized' | 'duplicate' | 'timeout-after-publish';
  message?: string;
}

/** What the store step of a publication did: the post it stored, the injected failure or the member's armed refusal it met. */
export interface SandboxPublication {
  post?: SandboxPost;
  failure?: InjectedFailure;
  refusal?: SandboxRefusalKind;
}

/** Whose publication it is, for the refusal a member armed (`lps sandbox fail-next`, decision 0038). */
export interface RefusalContext {
  memberId: string;
  /** How many more attempts of this publication (its reference) a refusal of each kind meets after the first. */
  attemptsAfterFirst: Partial<Record<SandboxRefusalKind, number>>;
}

/** The post a publication stores, before the network numbers it. */
export type SandboxDraft = Omit<SandboxPost, 'urn' | 'deletedAt'>;

/** Only a time-out strikes after the post exists; every other failure leaves the network untouched. */
export const failureStrikesAfterStoring = (failure: InjectedFailure): boolean => failure.kind === 'timeout-after-publish';

/**
 * Where the sandbox keeps its state. The Redis store lets every process of one
 * deployment (and a publisher restarted after a crash) see the same network.
 */
export interface SandboxStore {
  nextSequence(): Promise<number>;
  savePost(post: SandboxPost): Promise<void>;
  findByUrn(urn: string): Promise<SandboxPost | undefined>;
  findByReference(reference: string): Promise<SandboxPost | undefined>;
  listPosts(): Promise<SandboxPost[]>;
  pushFailure(failure: InjectedFailure): Promise<void>;
  /** Removes and returns the first injected failure that applies to `operation`. */
  takeFailure(operation: InjectedFailure['operation']): Promise<InjectedFailure | undefined>;
  /**
   * A publication's store step as one atomic step (one round trip in Redis): takes
   * the first failure injected for `publish` and, unless it strikes before storing,
   * meets the refusal still lasting for this reference or the one the member armed
   * (consumed: it then lasts `attemptsAfterFirst` more attempts of this reference);
   * otherwise numbers the post `urn:li:share:<n>` and stores it under its URN and reference.
   */
  publish(draft: SandboxDraft, refusals: RefusalContext): Promise<SandboxPublication>;
  /** The member's next publication meets this refusal (replacing one armed before). */
  armRefusal(memberId: string, kind: SandboxRefusalKind): Promise<void>;
  armedRefusal(memberId: string): Promise<SandboxRefusalKind | undefined>;
  disarmRefusal(memberId: string): Promise<void>;
}

export class MemorySandboxStore implements SandboxStore {
  private sequence = 0;
  private readonly posts = new Map<string, SandboxPost>();
  private readonly failures: InjectedFailure[] = [];
  private readonly armed = new Map<string, SandboxRefusalKind>();
  /** A lasting refusal still meeting a publication's attempts, by its reference. */
  private readonly refusing = new Map<string, { kind: SandboxRefusalKind; remaining: number }>();

  async nextSequence() {
    this.sequence += 1;
    return this.sequence;
  }
  async savePost(post: SandboxPost) {
    this.posts.set(post.urn, post);
  }
  async findByUrn(urn: string) {
    return this.posts.get(urn);
  }
  async findByReference(reference: string) {
    return [...this.posts.values()].find((post) => post.reference === reference && !post.deletedAt);
  }
  async listPosts() {
    return [...this.posts.values()];
  }
  async pushFailure(failure: InjectedFailure) {
    this.failures.push(failure);
  }
  async takeFailure(operation: InjectedFailure['operation']) {
    const index = this.failures.findIndex((failure) => failure.operation === operation || failure.operation === 'any');
    return index < 0 ? undefined : this.failures.splice(index, 1)[0];
  }
  async armRefusal(memberId: string, kind: SandboxRefusalKind) {
    this.armed.set(memberId, kind);
  }
  async armedRefusal(memberId: string) {
    return this.armed.get(memberId);
  }
  async disarmRefusal(memberId: string) {
    this.armed.delete(memberId);
  }
  /** Mirrors lua/sandbox-publish.lua. */
  async publish(draft: SandboxDraft, refusals: RefusalContext): Promise<SandboxPublication> {
    const failure = await this.takeFailure('publish');
    if (failure && !failureStrikesAfterStoring(failure)) return { failure };
    if (!failure) {
      const lasting = this.refusing.get(draft.reference);
      if (lasting) {
        if (lasting.remaining <= 1) this.refusing.delete(draft.reference);
        else this.refusing.set(draft.reference, { ...lasting, remaining: lasting.remaining - 1 });
        return { refusal: lasting.kind };
      }
      const armed = this.armed.get(refusals.memberId);
      if (armed) {
        this.armed.delete(refusals.memberId);
        const remaining = refusals.attemptsAfterFirst[armed] ?? 0;
        if (remaining > 0) this.refusing.set(draft.reference, { kind: armed, remaining });
        return { refusal: armed };
      }
    }
    const post = { urn: `urn:li:share:${await this.nextSequence()}`, ...draft, deletedAt: null };
    await this.savePost(post);
    return { post, failure };
  }
}
