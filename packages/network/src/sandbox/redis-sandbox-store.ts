import { luaCommand, taggedKey, type LuaCommand, type LuaHost } from '@lps/common';
import type { InjectedFailure, SandboxDraft, SandboxPost, SandboxPublication, SandboxStore } from './sandbox-store.js';

/** The few Redis commands the store needs (satisfied by an ioredis client). */
export interface SandboxRedis extends LuaHost {
  incr(key: string): Promise<number>;
  hset(key: string, field: string, value: string): Promise<number>;
  hget(key: string, field: string): Promise<string | null>;
  hvals(key: string): Promise<string[]>;
  rpush(key: string, value: string): Promise<number>;
  lrange(key: string, start: number, stop: number): Promise<string[]>;
  lrem(key: string, count: number, value: string): Promise<number>;
}

/**
 * `SandboxStore.publish` in one Lua call (lua/sandbox-publish.lua): four round
 * trips (take a failure, number, store, index) were a tenth of the publisher's cost.
 */
const PUBLISH_SCRIPT = new URL('../../lua/sandbox-publish.lua', import.meta.url);

/**
 * Sandbox state in Redis under `{<prefix>:sandbox}:*`: posts by URN, URNs by client
 * reference, a sequence for URNs and the injected failures. Shared by the API and
 * every publisher, and it survives a publisher killed mid-publication. The hash tag
 * keeps the four keys the publish script touches in one slot of a cluster.
 */
export class RedisSandboxStore implements SandboxStore {
  private readonly keys;
  private readonly publishInOneCall: LuaCommand;

  constructor(
    private readonly redis: SandboxRedis,
    prefix: string,
  ) {
    this.publishInOneCall = luaCommand(redis, 'lpsSandboxPublish', PUBLISH_SCRIPT, 4);
    const key = (name: string) => taggedKey(prefix, 'sandbox', name);
    this.keys = { sequence: key('seq'), posts: key('posts'), references: key('refs'), failures: key('failures') };
  }

  nextSequence() {
    return this.redis.incr(this.keys.sequence);
  }

  async savePost(post: SandboxPost) {
    await this.redis.hset(this.keys.posts, post.urn, JSON.stringify(post));
    if (!post.deletedAt) await this.redis.hset(this.keys.references, post.reference, post.urn);
  }

  async findByUrn(urn: string) {
    const stored = await this.redis.hget(this.keys.posts, urn);
    return stored ? (JSON.parse(stored) as SandboxPost) : undefined;
  }

  async findByReference(reference: string) {
    const urn = await this.redis.hget(this.keys.references, reference);
    const post = urn ? await this.findByUrn(urn) : undefined;
    return post && !post.deletedAt ? post : undefined;
  }

  async listPosts() {
    return (await this.redis.hvals(this.keys.posts)).map((stored) => JSON.parse(stored) as SandboxPost);
  }

  async pushFailure(failure: InjectedFailure) {
    await this.redis.rpush(this.keys.failures, JSON.stringify({ ...failure, id: Math.random().toString(36).slice(2) }));
  }

  async publish(draft: SandboxDraft): Promise<SandboxPublication> {
    const { posts, references, failures, sequence } = this.keys;
    const [post, failure] = (await this.publishInOneCall(failures, sequence, posts, references, JSON.stringify(draft), draft.reference)) as [string, string];
    return { post: post ? (JSON.parse(post) as SandboxPost) : undefined, failure: failure ? (JSON.parse(failure) as InjectedFailure) : undefined };
  }

  async takeFailure(operation: InjectedFailure['operation']) {
    for (const stored of await this.redis.lrange(this.keys.failures, 0, -1)) {
      const failure = JSON.parse(stored) as InjectedFailure;
      if (failure.operation !== operation && failure.operation !== 'any') continue;
      // LREM succeeds for exactly one taker, so two processes never consume the same failure.
      if ((await this.redis.lrem(this.keys.failures, 1, stored)) === 1) return failure;
    }
    return undefined;
  }
}
