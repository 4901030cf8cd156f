import type { MediaKind } from '../network.js';

/** One post as the simulated network keeps it. */
export interface SandboxPost {
  urn: string;
  author: string;
  text: string;
  reference: string;
  media: { kind: MediaKind; urn: string } | null;
  createdAt: string;
  deletedAt: string | null;
}

/** A failure the next matching call will meet (tests inject these). */
export interface InjectedFailure {
  operation: 'publish' | 'upload' | 'analytics' | 'any';
  kind: 'retryable' | 'permanent' | 'unauthorized' | 'duplicate' | 'timeout-after-publish';
  message?: string;
}

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
}
