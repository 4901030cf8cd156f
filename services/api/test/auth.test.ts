import { createHash } from 'node:crypto';
import { createTestMember, waitFor, type TestMember } from '@lps/testing';
import { revokeApiKey } from '@lps/db';
import { publishKeyRevocation } from '@lps/queue';
import { startTestApi, startTestApiWithMember, type TestApi } from './support/api-harness.js';

let api: TestApi;
let member: TestMember;
beforeAll(async () => ({ api, member } = await startTestApiWithMember()));
afterAll(async () => api.stop());

const expectUnauthorized = (response: { status: number; body: unknown; headers: Record<string, string> }) => {
  expect(response.status).toBe(401);
  expect(response.body).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  // docs/api.md: no rate-limit headers on a 401.
  expect(response.headers['x-ratelimit-limit']).toBeUndefined();
};

describe('authentication', () => {
  it('answers 401 when the Authorization header is missing', async () => {
    expectUnauthorized(await api.http.get('/me'));
  });

  it.each([
    ['a non-bearer scheme', `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['a key without the lps_ prefix', `Bearer ${'a'.repeat(32)}`],
    ['a key with uppercase hex', `Bearer lps_${'A'.repeat(32)}`],
    ['a key one character short', `Bearer lps_${'a'.repeat(31)}`],
    ['a well-formed key nobody owns', `Bearer lps_${'0'.repeat(32)}`],
  ])('answers 401 for %s', async (_label, header) => {
    expectUnauthorized(await api.http.get('/me').set('Authorization', header));
  });

  it('accepts the member’s key and answers with the wrapped member', async () => {
    const response = await api.http.get('/me').set('Authorization', member.auth);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      member: {
        id: member.memberId,
        display_name: expect.any(String),
        headline: 'Staff engineer',
        company_name: 'Acme',
        network_connected: true,
        // The sandbox's connection has no end.
        network_connection_expires_at: null,
      },
    });
  });

  it('answers 401 from the first request after the key is revoked and announced (as `lps key revoke` does)', async () => {
    const other = await createTestMember(api.runtime);
    expect((await api.http.get('/me').set('Authorization', other.auth)).status).toBe(200);
    await revokeApiKey(api.runtime.db, other.keyId);
    await publishKeyRevocation(api.runtime.redis, api.runtime.config.redis.prefix, other.keyId);
    await waitFor(async () => (await api.http.get('/me').set('Authorization', other.auth)).status === 401, { timeoutMs: 2_000, what: 'the announced revocation' });
    expectUnauthorized(await api.http.get('/me').set('Authorization', other.auth));
  });

  it('stores only the SHA-256 of a key, never the key itself', async () => {
    const row = await api.runtime.db.apiKey.findUniqueOrThrow({ where: { id: member.keyId } });
    expect(row.keyHash).toBe(createHash('sha256').update(member.apiKey).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(member.apiKey);
  });

  it('needs no key for /health and /openapi.json', async () => {
    expect((await api.http.get('/health')).status).toBe(200);
    expect((await api.http.get('/openapi.json')).status).toBe(200);
  });
});

describe('the API key cache', () => {
  let cached: TestApi;
  beforeAll(async () => {
    cached = await startTestApi({ LPS_AUTH_CACHE_TTL: '1' });
  });
  afterAll(async () => cached.stop());

  it('drops a revoked key once its TTL has passed even when the revocation was never announced', async () => {
    const member = await createTestMember(cached.runtime);
    expect((await cached.http.get('/me').set('Authorization', member.auth)).status).toBe(200);
    await revokeApiKey(cached.runtime.db, member.keyId);
    await waitFor(async () => (await cached.http.get('/me').set('Authorization', member.auth)).status === 401, { timeoutMs: 5_000, what: 'the TTL to expire' });
  });

  it('accepts a new key at once (unknown keys are never cached)', async () => {
    const member = await createTestMember(cached.runtime);
    expect((await cached.http.get('/me').set('Authorization', member.auth)).status).toBe(200);
  });
});
