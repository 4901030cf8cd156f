import type { IncomingHttpHeaders } from 'node:http';
import { createTestMember, createTestPost, readBody, startLoopbackServer, type LoopbackServer } from '@lps/testing';
import { ConnectionError, LpsClient, NotFoundError, PublishFailedError, RateLimitError, ServiceUnavailableError, ValidationError } from '../dist/esm/index.js';
import { startTestApi, type TestApi } from '../../../services/api/test/support/api-harness.js';

// The hand-written layer of @lps/client, against the real API where it can say what is
// asked (a 429 from a tight rate limit, 404s, 422s, pages), and against a scripted stand-in
// for what it cannot be made to say on demand (a 503, a cut connection, an idempotent
// request still in progress), answering with the API's own error envelope.

describe('against the real API', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ LPS_RATE_LIMIT: '4/2' });
  });
  afterAll(async () => api?.stop());

  it("honours a real 429's Retry-After and then succeeds, without the caller seeing it", async () => {
    const member = await createTestMember(api.runtime);
    const lps = new LpsClient({ baseUrl: api.baseUrl, apiKey: member.apiKey });
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 6 }, () => lps.me()));
    expect(answers.map((answer) => answer.member.id)).toEqual(Array(6).fill(member.memberId));
    expect(Date.now() - started).toBeGreaterThan(500);
  });

  it('throws typed errors carrying code, status, details and the request id', async () => {
    const member = await createTestMember(api.runtime);
    const lps = new LpsClient({ baseUrl: api.baseUrl, apiKey: member.apiKey });
    const missing = await lps.posts.get('00000000-0000-4000-8000-000000000000').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ code: 'not_found', status: 404, requestId: expect.any(String) });
    const invalid = await lps.posts.schedule((await createTestPost(api.runtime, member.memberId)).id, 'tomorrow').catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(ValidationError);
    expect(invalid).toMatchObject({ code: 'validation_error', status: 422, details: { scheduled_at: expect.any(String) } });
  });

  it('iterates every page of GET /posts in order, asking for the next page only when the loop gets there', async () => {
    const member = await createTestMember(api.runtime);
    for (let index = 0; index < 7; index += 1)
      await createTestPost(api.runtime, member.memberId, { body: `post ${index}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)) });
    const lps = new LpsClient({ baseUrl: api.baseUrl, apiKey: member.apiKey });
    const bodies: string[] = [];
    for await (const post of lps.posts.iterate({ limit: 3 })) {
      bodies.push(post.body as string);
      if (bodies.length === 4) break;
    }
    expect(bodies).toEqual(['post 6', 'post 5', 'post 4', 'post 3']);
    let all = 0;
    for await (const post of lps.posts.iterate({ limit: 3 })) all += post ? 1 : 0;
    expect(all).toBe(7);
  });

  it('waitForPost throws PublishFailedError with the reason when a publication fails', async () => {
    const member = await createTestMember(api.runtime);
    const post = await createTestPost(api.runtime, member.memberId, { lastError: "the network refused the member's token" });
    const lps = new LpsClient({ baseUrl: api.baseUrl, apiKey: member.apiKey });
    const failed = await lps.waitForPost(post.id, { intervalMs: 10 }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(PublishFailedError);
    expect((failed as PublishFailedError).message).toContain("refused the member's token");
  });
});

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

describe('against a scripted stand-in', () => {
  let server: LoopbackServer;
  const seen: Seen[] = [];
  let script: Array<(res: import('node:http').ServerResponse) => void> = [];
  const envelope = (code: string, message: string) => JSON.stringify({ error: { code, message } });
  const ok =
    (body: unknown, status = 200) =>
    (res: import('node:http').ServerResponse) =>
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'req-ok' }).end(JSON.stringify(body));
  const failing =
    (status: number, code: string, headers: Record<string, string> = {}, message = code) =>
    (res: import('node:http').ServerResponse) =>
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': `req-${status}`, ...headers }).end(envelope(code, message));
  const cut = () => (res: import('node:http').ServerResponse) => res.socket?.destroy();

  beforeAll(async () => {
    server = await startLoopbackServer(async (req, res) => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: (await readBody(req)).toString('utf8') });
      const next = script.shift();
      if (next) next(res);
      else res.writeHead(500).end();
    });
  });
  afterAll(async () => server?.close());
  beforeEach(() => {
    seen.length = 0;
    script = [];
  });
  const client = (options: { maxRetries?: number; maxRetryDelayMs?: number } = {}) =>
    new LpsClient({ baseUrl: `${server.url}/api/v1`, apiKey: 'lps_0123456789abcdef0123456789abcdef', ...options });
  const post = { post: { id: '11111111-1111-4111-8111-111111111111', status: 'draft_saved' } };

  it('an (idem) call carries one Idempotency-Key, the same on each retry after 503s honouring Retry-After', async () => {
    script = [failing(503, 'service_unavailable', { 'retry-after': '1' }), failing(503, 'service_unavailable', { 'retry-after': '0' }), ok(post, 201)];
    const started = Date.now();
    expect(await client().posts.create({ idea: 'retried' })).toEqual(post);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const keys = seen.map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.every((request) => request.body === '{"idea":"retried"}' && request.headers.authorization === 'Bearer lps_0123456789abcdef0123456789abcdef')).toBe(true);
  });

  it('each call gets its own key; a key given by the caller is used as it is', async () => {
    script = [ok(post, 201), ok(post, 201)];
    await client().posts.create({ idea: 'one' });
    await client().posts.create({ idea: 'two' }, { idempotencyKey: 'my-own-key' });
    expect(seen[0]!.headers['idempotency-key']).not.toBe(seen[1]!.headers['idempotency-key']);
    expect(seen[1]!.headers['idempotency-key']).toBe('my-own-key');
  });

  it('calls outside (idem) carry no Idempotency-Key', async () => {
    script = [ok(post)];
    await client().posts.update(post.post.id, { body: 'edited' });
    expect(seen[0]!.headers['idempotency-key']).toBeUndefined();
    expect([seen[0]!.method, seen[0]!.url]).toEqual(['PATCH', `/api/v1/posts/${post.post.id}`]);
  });

  it('a Retry-After beyond maxRetryDelayMs is thrown at once as RateLimitError, with the wait it asked for', async () => {
    script = [failing(429, 'rate_limited', { 'retry-after': '3600' })];
    const started = Date.now();
    const error = await client({ maxRetryDelayMs: 5_000 })
      .me()
      .catch((caught: unknown) => caught);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ code: 'rate_limited', status: 429, retryAfterSeconds: 3600, requestId: 'req-429' });
    expect(seen).toHaveLength(1);
  });

  it('gives up after maxRetries and throws the last answer', async () => {
    script = [
      failing(503, 'service_unavailable', { 'retry-after': '0' }),
      failing(503, 'service_unavailable', { 'retry-after': '0' }),
      failing(503, 'service_unavailable', { 'retry-after': '0' }),
    ];
    await expect(client({ maxRetries: 2 }).me()).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(seen).toHaveLength(3);
  });

  it('a cut connection is retried for a GET and for an (idem) call (whose first try may still run: a 409 in progress waits), never for other writes', async () => {
    script = [cut(), ok({ member: { id: 'm' } })];
    expect(await client().me()).toEqual({ member: { id: 'm' } });
    expect(seen).toHaveLength(2);

    seen.length = 0;
    script = [cut(), failing(409, 'conflict', {}, 'a request with this Idempotency-Key is still in progress'), ok(post, 202)];
    expect(await client().posts.publish(post.post.id)).toEqual(post);
    expect(new Set(seen.map((request) => request.headers['idempotency-key'])).size).toBe(1);
    expect(seen).toHaveLength(3);

    seen.length = 0;
    script = [cut()];
    await expect(client().webhooks.create({ url: 'https://example.com/hook', events: ['post.published'] })).rejects.toBeInstanceOf(ConnectionError);
    expect(seen).toHaveLength(1);
  });

  it('a 409 that is a real conflict is thrown, not retried', async () => {
    script = [failing(409, 'conflict', {}, 'the post is already published')];
    await expect(client().posts.publish(post.post.id)).rejects.toMatchObject({ code: 'conflict', status: 409 });
    expect(seen).toHaveLength(1);
  });

  it('path parameters are escaped: an id cannot reach another path', async () => {
    script = [ok(post)];
    await client().posts.get('../../me');
    expect(seen[0]!.url).toBe('/api/v1/posts/..%2F..%2Fme');
  });

  it('uploads send the bytes once read, so a retried upload sends them again', async () => {
    script = [failing(503, 'service_unavailable', { 'retry-after': '0' }), ok({ image_url: 'x', candidates: [] }, 201)];
    async function* stream() {
      yield Buffer.from([0x89, 0x50, 0x4e, 0x47]);
      yield Buffer.from('rest of the png');
    }
    await client().posts.upload(post.post.id, stream());
    expect(seen).toHaveLength(2);
    for (const request of seen) {
      expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(request.body).toContain('filename="upload.png"');
      expect(request.body).toContain('Content-Type: image/png');
      expect(request.body).toContain('rest of the png');
    }
  });
});
