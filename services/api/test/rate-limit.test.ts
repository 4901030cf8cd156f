import supertest from 'supertest';
import { createTestMember, createTestPost } from '@lps/testing';
import { startApiService } from '@lps/api';
import { startTestApi, type TestApi } from './support/api-harness.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ LPS_RATE_LIMIT: '3/60', LPS_RATE_LIMIT_GENERATION: '2/60' });
});
afterAll(async () => api.stop());

describe('rate limiting', () => {
  it('sends X-RateLimit-* on every authenticated answer, success or error', async () => {
    const member = await createTestMember(api.runtime);
    const ok = await api.http.get('/me').set('Authorization', member.auth);
    const missing = await api.http.get('/posts/00000000-0000-4000-8000-000000000000').set('Authorization', member.auth);
    for (const response of [ok, missing]) {
      expect(response.headers['x-ratelimit-limit']).toBe('3');
      expect(Number(response.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
      expect(Number(response.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(60);
    }
    expect([ok.headers['x-ratelimit-remaining'], missing.headers['x-ratelimit-remaining']]).toEqual(['2', '1']);
  });

  it('answers 429 rate_limited with Retry-After once the window is used up, per key', async () => {
    const member = await createTestMember(api.runtime);
    const other = await createTestMember(api.runtime);
    for (let index = 0; index < 3; index += 1) expect((await api.http.get('/me').set('Authorization', member.auth)).status).toBe(200);
    const limited = await api.http.get('/me').set('Authorization', member.auth);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect((await api.http.get('/me').set('Authorization', other.auth)).status).toBe(200);
  });

  it('checks the rate limit before validation (order of checks)', async () => {
    const member = await createTestMember(api.runtime);
    for (let index = 0; index < 3; index += 1) await api.http.get('/me').set('Authorization', member.auth);
    expect((await api.http.get('/posts/not-a-uuid').set('Authorization', member.auth)).status).toBe(429);
  });

  it('counts the generation bucket apart from the default bucket', async () => {
    const member = await createTestMember(api.runtime);
    const post = () => api.http.post('/posts').set('Authorization', member.auth).send({ idea: 'Rate limits' });
    expect((await post()).headers['x-ratelimit-limit']).toBe('2');
    expect((await post()).status).toBe(201);
    expect((await post()).status).toBe(429);
    expect((await api.http.get('/me').set('Authorization', member.auth)).status).toBe(200);
  });

  it('shares the counter between API replicas (it lives in Redis)', async () => {
    const member = await createTestMember(api.runtime);
    await createTestPost(api.runtime, member.memberId);
    const replica = await startApiService(api.runtime, { port: 0, host: '127.0.0.1' });
    try {
      const other = supertest(`http://127.0.0.1:${replica.port}/api/v1`);
      expect((await api.http.get('/me').set('Authorization', member.auth)).status).toBe(200);
      expect((await other.get('/me').set('Authorization', member.auth)).status).toBe(200);
      expect((await api.http.get('/me').set('Authorization', member.auth)).status).toBe(200);
      expect((await other.get('/me').set('Authorization', member.auth)).status).toBe(429);
    } finally {
      await replica.stop();
    }
  });
});
