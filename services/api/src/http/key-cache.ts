import type { Runtime } from '@lps/runtime';
import { findActiveKeyByHash } from '@lps/db';
import { subscribeKeyRevocations } from '@lps/queue';

interface CachedKey {
  keyId: string;
  memberId: string;
  expiresAt: number;
}

const MAX_ENTRIES = 10_000;

/**
 * Remembers live API keys for a few seconds (LPS_AUTH_CACHE_TTL): the lookup is
 * the one database read every request makes. Revocation stays immediate in
 * practice: `lps key revoke` announces the key id on Redis and every replica
 * drops it; the TTL bounds staleness only if that message is lost. Unknown
 * keys are never cached, so a new key works at once.
 */
export class KeyCache {
  private readonly entries = new Map<string, CachedKey>();
  private stopListening: (() => Promise<void>) | undefined;

  constructor(private readonly runtime: Runtime, private readonly ttlMs: number) {}

  async start(): Promise<void> {
    if (this.ttlMs <= 0) return;
    const { url, prefix } = this.runtime.config.redis;
    this.stopListening = await subscribeKeyRevocations(url, prefix, (keyId) => this.forget(keyId));
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.entries.clear();
  }

  async lookup(keyHash: string): Promise<{ keyId: string; memberId: string } | null> {
    const now = Date.now();
    const cached = this.entries.get(keyHash);
    if (cached && cached.expiresAt > now) return cached;
    const key = await findActiveKeyByHash(this.runtime.db, keyHash);
    if (!key) {
      this.entries.delete(keyHash);
      return null;
    }
    if (this.ttlMs > 0) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(keyHash, { keyId: key.id, memberId: key.memberId, expiresAt: now + this.ttlMs });
    }
    return { keyId: key.id, memberId: key.memberId };
  }

  forget(keyId: string): void {
    for (const [hash, entry] of this.entries) if (entry.keyId === keyId) this.entries.delete(hash);
  }
}
