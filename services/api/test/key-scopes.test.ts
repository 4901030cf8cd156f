import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { generateApiKey } from '@lps/crypto';
import { insertApiKey, type ApiKeyScope } from '@lps/db';
import { createTestMember, createTestPost, waitFor, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

let api: TestApi;
let member: TestMember;

beforeAll(async () => {
  api = await startTestApi();
  member = await createTestMember(api.runtime);
});
afterAll(() => api.stop());

async function keyOf(scope: ApiKeyScope, expiresAt: Date | null = null): Promise<string> {
  const key = generateApiKey();
  await insertApiKey(api.runtime.db, { memberId: member.memberId, keyHash: key.keyHash, last4: key.last4, scope, expiresAt });
  return `Bearer ${key.apiKey}`;
}

describe('API key scopes (decision 0036)', () => {
  it('a read_only key reads, and gets 403 forbidden naming its scope on every write, before validation and with its rate-limit headers', async () => {
    const auth = await keyOf('read_only');
    expect((await api.http.get('/me').set('Authorization', auth)).status).toBe(200);
    expect((await api.http.get('/posts').set('Authorization', auth)).status).toBe(200);
    // An invalid body would be 422 for a full key: the scope answers first.
    const write = await api.http.post('/posts').set('Authorization', auth).send({ nonsense: true });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ error: { code: 'forbidden', message: expect.stringContaining('read_only'), details: { scope: 'read_only' } } });
    expect(write.headers['x-ratelimit-remaining']).toBeDefined();
    const post = await createTestPost(api.runtime, member.memberId);
    for (const [method, path] of [
      ['patch', `/posts/${post.id}`],
      ['delete', `/posts/${post.id}`],
      ['post', `/posts/${post.id}/publish`],
      ['post', `/posts/${post.id}/queue`],
      ['post', `/posts/${post.id}/reject`],
      ['post', '/webhooks'],
      ['delete', '/me/connection'],
      ['patch', '/settings'],
      ['put', '/schedule'],
    ] as const) {
      const answer = await api.http[method](path).set('Authorization', auth);
      expect([method, path, answer.status, answer.body.error?.details]).toEqual([method, path, 403, { scope: 'read_only' }]);
    }
    expect((await api.runtime.db.post.findUniqueOrThrow({ where: { id: post.id } })).status).toBe('draft_saved');
  });

  it('a no_publish key writes drafts but cannot publish, schedule, queue, unschedule, approve or attach a network post', async () => {
    const auth = await keyOf('no_publish');
    const created = await api.http.post('/posts').set('Authorization', auth).send({ idea: 'Scopes keep CI keys from posting' });
    expect(created.status).toBe(201);
    const id = created.body.post.id as string;
    expect((await api.http.patch(`/posts/${id}`).set('Authorization', auth).send({ body: 'Edited by a no_publish key' })).status).toBe(200);
    for (const [path, body] of [
      [`/posts/${id}/publish`, undefined],
      [`/posts/${id}/schedule`, { scheduled_at: new Date(Date.now() + 86_400_000).toISOString() }],
      [`/posts/${id}/network-post`, { urn: 'urn:li:share:7000000000000000000' }],
      [`/posts/${id}/queue`, undefined],
      [`/posts/${id}/unschedule`, undefined],
      [`/posts/${id}/approve`, undefined],
    ] as const) {
      const answer = await api.http.post(path).set('Authorization', auth).send(body);
      expect([path, answer.status, answer.body.error?.code, answer.body.error?.details]).toEqual([path, 403, 'forbidden', { scope: 'no_publish' }]);
    }
    expect((await api.runtime.db.post.findUniqueOrThrow({ where: { id } })).status).toBe('draft_saved');
    // A drafting agent may still send its own work back, and change the member's schedule and settings.
    expect((await api.http.post(`/posts/${id}/reject`).set('Authorization', auth).send({ note: 'Needs a number' })).status).toBe(200);
    expect(
      (
        await api.http
          .put('/schedule')
          .set('Authorization', auth)
          .send({ slots: [{ day: 'monday', time: '09:00' }] })
      ).status,
    ).toBe(200);
  });

  it('an expired key answers 401 like a revoked one, and a key expiring soon stops at its end even while cached', async () => {
    const expired = await keyOf('full', new Date(Date.now() - 1_000));
    const answer = await api.http.get('/me').set('Authorization', expired);
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('unauthorized');
    const soon = await keyOf('full', new Date(Date.now() + 1_500));
    expect((await api.http.get('/me').set('Authorization', soon)).status).toBe(200);
    await waitFor(async () => (await api.http.get('/me').set('Authorization', soon)).status === 401, { timeoutMs: 20_000 });
  });

  it('notes last_used_at after use, and does not write it again on every request', async () => {
    const key = generateApiKey();
    const stored = await insertApiKey(api.runtime.db, { memberId: member.memberId, keyHash: key.keyHash, last4: key.last4 });
    const auth = `Bearer ${key.apiKey}`;
    expect((await api.http.get('/me').set('Authorization', auth)).status).toBe(200);
    const firstNote = await waitFor(async () => (await api.runtime.db.apiKey.findUniqueOrThrow({ where: { id: stored.id } })).lastUsedAt ?? undefined);
    for (let i = 0; i < 5; i += 1) expect((await api.http.get('/me').set('Authorization', auth)).status).toBe(200);
    expect((await api.runtime.db.apiKey.findUniqueOrThrow({ where: { id: stored.id } })).lastUsedAt).toEqual(firstNote);
  });

  it('MCP tools obey the same scopes: a read_only key lists posts and gets a forbidden tool error on create_post', async () => {
    const auth = await keyOf('read_only');
    const client = new Client({ name: 'lps-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(api.baseUrl.replace(/\/api\/v1$/, '/mcp')), { requestInit: { headers: { Authorization: auth } } }));
    try {
      const listed = (await client.callTool({ name: 'list_posts', arguments: {} })) as { isError?: boolean };
      expect(listed.isError).toBeFalsy();
      const refused = (await client.callTool({ name: 'create_post', arguments: { idea: 'Not allowed' } })) as { isError?: boolean; structuredContent?: unknown };
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent).toEqual({ error: { code: 'forbidden', message: expect.stringContaining('read_only'), details: { scope: 'read_only' } } });
    } finally {
      await client.close();
    }
  });
});
