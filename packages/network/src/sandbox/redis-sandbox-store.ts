import { luaCommand, taggedKey, type LuaCommand, type LuaHost } from '@lps/common';
import { isSandboxRefusalKind, type SandboxRefusalKind } from './refusals.js';
import type { InjectedFailure, RefusalContext, SandboxDraft, SandboxPost, SandboxPublication, SandboxStore } from './sandbox-store.js';

/** The few Redis commands the store needs (satisfied by an ioredis client). */
export interface SandboxRedis extends LuaHost {
  incr(key: string): Promise<number>;
  hset(key: string, field: string, value: string): Promise<number>;
  hget(key: string, field: string): Promise<string | null>;
  hvals(key: string): Promise<string[]>;
  rpush(key: string, value: string): Promise<number>;
  lrange(key: string, start: number, stop: number): Promise<string[]>;
  lrem(key: string, count: number, value: string): Promise<number>;
  hdel(key: string, ...fields: string[]): Promise<number>;
}

/**
 * `SandboxStore.publish` in one Lua call (lua/sandbox-publish.lua): four round
 * trips (take a failure, number, store, index) were a tenth of the publisher's cost.
 */
const PUBLISH_SCRIPT = new URL('../../lua/sandbox-publish.lua', import.meta.url);

/**
 * Sandbox state in Redis under `{<prefix>:sandbox}:*`: posts by URN, URNs by client
 * reference, a sequence for URNs, the injected failures, the refusals members armed
 * and the lasting refusal of a publication in progress. Shared by the API and every
 * publisher, and it survives a publisher killed mid-publication; a Redis flush forgets
 * it (an armed refusal too). The hash tag keeps the keys the publish script touches in
 * one slot of a cluster.
 */
export class RedisSandboxStore implements SandboxStore {
  private readonly keys;
  private readonly publishInOneCall: LuaCommand;

  constructor(
    private readonly redis: SandboxRedis,
    prefix: string,
  ) {
    this.publishInOneCall = luaCommand(redis, 'lpsSandboxPublish', PUBLISH_SCRIPT, 6);
    const key = (name: string) => taggedKey(prefix, 'sandbox', name);
    this.keys = {
      sequence: key('seq'),
      posts: key('posts'),
      references: key('refs'),
      failures: key('failures'),
      armed: key('armed'),
      refusing: (reference: string) => key(`refusing:${reference}`),
    };
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

  async publish(draft: SandboxDraft, refusals: RefusalContext): Promise<SandboxPublication> {
    const { posts, references, failures, sequence, armed } = this.keys;
    const [post, failure, refusal] = (await this.publishInOneCall(
      failures,
      sequence,
      posts,
      references,
      armed,
      this.keys.refusing(draft.reference),
      JSON.stringify(draft),
      draft.reference,
      refusals.memberId,
      JSON.stringify(refusals.attemptsAfterFirst),
    )) as [string, string, string];
    return {
      post: post ? (JSON.parse(post) as SandboxPost) : undefined,
      failure: failure ? (JSON.parse(failure) as InjectedFailure) : undefined,
      refusal: isSandboxRefusalKind(refusal) ? refusal : undefined,
    };
  }

  async armRefusal(memberId: string, kind: SandboxRefusalKind) {
    await this.redis.hset(this.keys.armed, memberId, kind);
  }

  async armedRefusal(memberId: string) {
    const kind = await this.redis.hget(this.keys.armed, memberId);
    return isSandboxRefusalKind(kind) ? kind : undefined;
  }

  async disarmRefusal(memberId: string) {
    await this.redis.hdel(this.keys.armed, memberId);
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
