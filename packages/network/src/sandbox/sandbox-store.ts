import type { ArticleCard, MediaKind, UploadedImage } from '../network.js';

/** One post as the simulated network keeps it. */
export interface SandboxPost {
  urn: string;
  author: string;
  text: string;
  reference: string;
  /** As LinkedIn's content.media: a document's or video's title, an image's alt text. */
  media: { kind: MediaKind; urn: string; title?: string; altText?: string } | null;
  /** A multi-image post's images, in order. */
  images?: UploadedImage[];
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

/** What the store step of a publication did: the post it stored, the injected failure it met. */
export interface SandboxPublication {
  post?: SandboxPost;
  failure?: InjectedFailure;
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
   * numbers the post `urn:li:share:<n>` and stores it under its URN and reference.
   */
  publish(draft: SandboxDraft): Promise<SandboxPublication>;
}

export class MemorySandboxStore implements SandboxStore {
  private sequence = 0;
  private readonly posts = new Map<string, SandboxPost>();
  private readonly failures: InjectedFailure[] = [];

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
  async publish(draft: SandboxDraft): Promise<SandboxPublication> {
    const failure = await this.takeFailure('publish');
    if (failure && !failureStrikesAfterStoring(failure)) return { failure };
    const post = { urn: `urn:li:share:${await this.nextSequence()}`, ...draft, deletedAt: null };
    await this.savePost(post);
    return { post, failure };
  }
}
