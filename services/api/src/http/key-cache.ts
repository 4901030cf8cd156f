import type { KeyScope } from '@lps/common';
import type { Runtime } from '@lps/runtime';
import { subscribeKeyRevocations } from '@lps/queue';

/** A live key as authentication sees it. */
export interface LiveKey {
  keyId: string;
  memberId: string;
  scope: KeyScope;
}

interface CachedKey extends LiveKey {
  /** Until when this entry stands: the cache's TTL, never past the key's own expiry. */
  expiresAt: number;
}

/** A key's last use is written at most once per this interval and process (decision 0036). */
export const LAST_USED_INTERVAL_MS = 60_000;

const MAX_ENTRIES = 10_000;
/**
 * How long a key found unknown or revoked is answered 401 without asking again:
 * short, and only for that exact key, so a key created since works almost at
 * once (nobody can have tried a new random key before it existed).
 */
const MISS_TTL_MS = 5_000;

/**
 * Remembers live API keys for a few seconds (LPS_AUTH_CACHE_TTL): the lookup is
 * the one database read every request makes. Revocation stays immediate in
 * practice: `lps key revoke` announces the key id on Redis and every replica
 * drops it; the TTL bounds staleness only if that message is lost. A key
 * found unknown or revoked is remembered as such for MISS_TTL_MS, so a revoked
 * or leaked key replayed from many addresses costs one lookup per few seconds.
 */
export class KeyCache {
  private readonly entries = new Map<string, CachedKey>();
  /** Lookups on their way to the database: a burst of requests with one key makes one query, not one each. */
  private readonly pending = new Map<string, Promise<LiveKey | null>>();
  /** Hashes found unknown or revoked → until when that answer stands. */
  private readonly misses = new Map<string, number>();
  /** Bumped by every revocation: a lookup that started before one may have read the key while it was live, so it is not cached. */
  private revocations = 0;
  private stopListening: (() => Promise<void>) | undefined;
  /** Key id → when its use was last noted; keys noted and not yet written. */
  private readonly usedNoted = new Map<string, number>();
  private readonly usedPending = new Set<string>();
  private writingUse: Promise<void> | undefined;

  constructor(
    private readonly runtime: Runtime,
    private readonly ttlMs: number,
  ) {}

  async start(): Promise<void> {
    if (this.ttlMs <= 0) return;
    this.stopListening = await subscribeKeyRevocations(this.runtime.config.redis, (keyId) => this.forget(keyId));
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    await this.writingUse;
    this.entries.clear();
  }

  /**
   * Notes that a key answered a request. `last_used_at` is written at most once a minute per key
   * and process, in the background and batched: never a write per request on the read path.
   */
  noteUse(keyId: string, now = Date.now()): void {
    const last = this.usedNoted.get(keyId);
    if (last !== undefined && now - last < LAST_USED_INTERVAL_MS) return;
    if (this.usedNoted.size >= MAX_ENTRIES) this.usedNoted.clear();
    this.usedNoted.set(keyId, now);
    this.usedPending.add(keyId);
    this.writingUse ??= this.writeUse().finally(() => (this.writingUse = undefined));
  }

  private async writeUse(): Promise<void> {
    while (this.usedPending.size > 0) {
      const ids = [...this.usedPending];
      this.usedPending.clear();
      const at = new Date();
      await this.runtime.repositories
        .markApiKeysUsed(ids, at, new Date(at.getTime() - LAST_USED_INTERVAL_MS))
        .catch((error: unknown) => this.runtime.logger.warn('could not note the last use of API keys', { error: (error as Error).message }));
    }
  }

  /** A live key the cache holds now, without asking the database. */
  peek(keyHash: string): LiveKey | undefined {
    const cached = this.entries.get(keyHash);
    return cached && cached.expiresAt > Date.now() ? cached : undefined;
  }

  /**
   * The key, from the cache, from a lookup of it already on its way, or from the
   * database. `beforeQuery` runs only when this call is the one that reads the
   * database, before it does (the caller's failure allowance is taken there); it
   * is part of the lookup others join, so a burst of one key takes one attempt.
   */
  async lookup(keyHash: string, beforeQuery?: () => Promise<void>): Promise<LiveKey | null> {
    const cached = this.entries.get(keyHash);
    if (cached && cached.expiresAt > Date.now()) return cached;
    const missedUntil = this.misses.get(keyHash);
    if (missedUntil !== undefined) {
      if (missedUntil > Date.now()) return null;
      this.misses.delete(keyHash);
    }
    let pending = this.pending.get(keyHash);
    if (!pending) {
      // Registered before anything is awaited: a request arriving while the attempt is being taken joins it.
      pending = (async () => {
        await beforeQuery?.();
        return this.load(keyHash);
      })().finally(() => this.pending.delete(keyHash));
      this.pending.set(keyHash, pending);
    }
    return pending;
  }

  private async load(keyHash: string): Promise<LiveKey | null> {
    const revocationsBefore = this.revocations;
    const key = await this.runtime.repositories.findActiveKeyByHash(keyHash);
    this.runtime.metrics.apiKeyLookups.inc({ result: key ? 'found' : 'unknown' });
    if (!key) {
      this.entries.delete(keyHash);
      if (this.ttlMs > 0) {
        if (this.misses.size >= MAX_ENTRIES) this.misses.delete(this.misses.keys().next().value as string);
        this.misses.set(keyHash, Date.now() + Math.min(MISS_TTL_MS, this.ttlMs));
      }
      return null;
    }
    if (this.ttlMs > 0 && this.revocations === revocationsBefore) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
      // An expiring key is not remembered past its end: it answers 401 from that moment on.
      const until = Math.min(Date.now() + this.ttlMs, key.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY);
      this.entries.set(keyHash, { keyId: key.id, memberId: key.memberId, scope: key.scope, expiresAt: until });
    }
    return { keyId: key.id, memberId: key.memberId, scope: key.scope };
  }

  forget(keyId: string): void {
    this.revocations += 1;
    // Requests from now on must not join a lookup that may have read the key before it was revoked.
    this.pending.clear();
    for (const [hash, entry] of this.entries) if (entry.keyId === keyId) this.entries.delete(hash);
  }
}
