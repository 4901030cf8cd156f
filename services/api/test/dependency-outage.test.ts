import { createTestMember, createTestPost, startCuttableProxy, type CuttableProxy, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

let api: TestApi;
let member: TestMember;
let postgres: CuttableProxy;
let redis: CuttableProxy;
let postId: string;

beforeAll(async () => {
  postgres = await startCuttableProxy({ host: '127.0.0.1', port: 5432 });
  redis = await startCuttableProxy({ host: '127.0.0.1', port: 6379 });
  api = await startTestApi({ REDIS_URL: redis.through(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') }, undefined, { databaseUrl: (url) => postgres.through(url) });
  member = await createTestMember(api.runtime);
  postId = (await createTestPost(api.runtime, member.memberId, { body: 'Outage-proof post' })).id;
});
afterAll(async () => {
  await api.stop();
  await postgres.close();
  await redis.close();
});

const json = (method: string, path: string, body?: object) =>
  api.fetch(path, {
    method,
    headers: { Authorization: member.auth, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

/** Requests that read or write the database, across the resources. */
const databaseRoutes = (): Array<[string, string, object?]> => [
  ['GET', '/posts'],
  ['GET', `/posts/${postId}`],
  ['PATCH', `/posts/${postId}`, { body: 'edited during the outage' }],
  ['POST', `/posts/${postId}/publish`],
  ['POST', `/posts/${postId}/schedule`, { scheduled_at: new Date(Date.now() + 3_600_000).toISOString() }],
  ['GET', `/posts/${postId}/analytics`],
  ['GET', '/ideas'],
  ['POST', '/ideas/research', { keyword: 'outages' }],
  ['GET', '/webhooks'],
  ['GET', '/analytics'],
  ['GET', '/me'],
  ['POST', '/webhooks', { url: 'https://example.com/hook', events: ['post.published'] }],
];

async function readiness() {
  const response = await fetch(`${api.opsUrl}/ready`);
  return { status: response.status, body: (await response.json()) as { checks: Record<string, string> } };
}

/** Recovered means ready again: both dependencies answer (ioredis reconnects with a back-off of its own). */
async function expectRecovered() {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if ((await readiness()).status === 200 && (await json('GET', `/posts/${postId}`)).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the API did not recover');
}

describe('PostgreSQL unreachable', () => {
  afterEach(async () => {
    await postgres.restore();
    await expectRecovered();
  });

  it('answers 503 service_unavailable with Retry-After on every route that needs it, never 500', async () => {
    await postgres.cut();
    for (const [method, path, body] of databaseRoutes()) {
      const answer = await json(method, path, body);
      expect([method, path, answer.status, answer.json?.error?.code]).toEqual([method, path, 503, 'service_unavailable']);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const ready = await readiness();
    expect(ready.status).toBe(503);
    expect(ready.body.checks.database).not.toBe('ok');
    expect(ready.body.checks.redis).toBe('ok');
  });

  it('recovers by itself once the database is back', async () => {
    await postgres.cut();
    expect((await json('GET', '/posts')).status).toBe(503);
    await postgres.restore();
    await expectRecovered();
    expect((await json('PATCH', `/posts/${postId}`, { body: 'after the outage' })).status).toBe(200);
  });
});

describe('Redis unreachable', () => {
  afterEach(async () => {
    await redis.restore();
    await expectRecovered();
  });

  it('answers 503 with Retry-After where a job must be queued now, keeps what the database can hold, and serves reads', async () => {
    await redis.cut();
    const research = await json('POST', '/ideas/research', { keyword: 'redis outages' });
    expect([research.status, research.json?.error?.code]).toEqual([503, 'service_unavailable']);
    expect(Number(research.headers.get('retry-after'))).toBeGreaterThan(0);
    // Nothing left pending without its job: the research row is marked failed.
    expect(await api.runtime.db.researchRequest.count({ where: { keyword: 'redis outages', status: 'pending' } })).toBe(0);
    const images = await json('POST', `/posts/${postId}/images`, {});
    expect([images.status, images.json?.error?.code]).toEqual([503, 'service_unavailable']);
    // …and the post is not left in generating_images with no job to bring it back.
    expect((await json('GET', `/posts/${postId}`)).json.post.status).toBe('draft_saved');
    // Publishing is recorded in PostgreSQL first; the publisher's sweeper places the job once Redis is back
    // (docs/decisions/0005), so the request is accepted, not refused.
    const publish = await json('POST', `/posts/${postId}/publish`);
    expect(publish.status).toBe(202);
    expect((await api.runtime.db.post.findUniqueOrThrow({ where: { id: postId } })).publishRequestedAt).not.toBeNull();
    // Reads need only PostgreSQL (rate limits fall back to per-process counting).
    expect((await json('GET', '/posts')).status).toBe(200);
    expect((await json('GET', `/posts/${postId}`)).status).toBe(200);
    // The metrics scrape still answers.
    const metrics = await fetch(`${api.opsUrl}/metrics`);
    expect(metrics.status).toBe(200);
    const ready = await readiness();
    expect(ready.status).toBe(503);
    expect(ready.body.checks.redis).not.toBe('ok');
    expect(ready.body.checks.database).toBe('ok');
  });

  it('queues again once Redis is back', async () => {
    await redis.cut();
    expect((await json('POST', '/ideas/research', { keyword: 'before recovery' })).status).toBe(503);
    await redis.restore();
    await expectRecovered();
    expect((await json('POST', '/ideas/research', { keyword: 'after recovery' })).status).toBe(202);
  });
});
