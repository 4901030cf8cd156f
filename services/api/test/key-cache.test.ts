import { revokeApiKey } from '@lps/db';
import { hashApiKey } from '@lps/crypto';
import { createTestMember, createTestRuntime, type TestRuntime } from '@lps/testing';
import type { Runtime } from '@lps/runtime';
import { KeyCache } from '../src/http/key-cache.js';

// The cache against the real database; its one repository function is wrapped only to count
// the key lookups that reach PostgreSQL.
let test: TestRuntime;
let lookups = 0;
let counted: Runtime;
beforeAll(async () => {
  test = await createTestRuntime();
  const { repositories } = test.runtime;
  counted = {
    ...test.runtime,
    repositories: {
      ...repositories,
      findActiveKeyByHash: async (keyHash) => {
        lookups += 1;
        return repositories.findActiveKeyByHash(keyHash);
      },
    },
  };
});
afterAll(async () => test.cleanup());

const keyHashOf = (member: { apiKey: string }) => hashApiKey(member.apiKey);

describe('the API key cache', () => {
  it('makes one database lookup for a burst of requests with a key it does not hold yet', async () => {
    const member = await createTestMember(test.runtime);
    const cache = new KeyCache(counted, 60_000);
    lookups = 0;
    const found = await Promise.all(Array.from({ length: 20 }, () => cache.lookup(keyHashOf(member))));
    expect(lookups).toBe(1);
    expect(new Set(found.map((key) => key?.keyId))).toEqual(new Set([member.keyId]));
    await cache.lookup(keyHashOf(member));
    expect(lookups).toBe(1);
  });

  it('does not keep what a lookup read when a revocation arrived while it ran', async () => {
    const member = await createTestMember(test.runtime);
    const cache = new KeyCache(counted, 60_000);
    const racing = cache.lookup(keyHashOf(member));
    // The revocation lands while the lookup is on its way: the lookup may have read the key before it.
    await revokeApiKey(test.runtime.db, member.keyId);
    cache.forget(member.keyId);
    await racing;
    expect(await cache.lookup(keyHashOf(member))).toBeNull();
  });

  it('answers an unknown key from memory for a few seconds, while a key created afterwards works at once', async () => {
    const cache = new KeyCache(counted, 60_000);
    lookups = 0;
    const unknown = hashApiKey(`lps_${'0'.repeat(32)}`);
    expect(await cache.lookup(unknown)).toBeNull();
    expect(await cache.lookup(unknown)).toBeNull();
    expect(lookups).toBe(1);
    // A new key is a new random hash: nothing remembered stands in its way.
    const created = await createTestMember(test.runtime);
    expect(await cache.lookup(keyHashOf(created))).toMatchObject({ memberId: created.memberId });
  });
});
