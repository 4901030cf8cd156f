import { generateApiKey, newOpaqueToken } from '@lps/crypto';
import { insertApiKey, insertSignInLink } from '@lps/db';
import { createTestMember, createTestPost, waitFor } from '@lps/testing';
import { BrowserClient } from './support/browser-client.js';
import { startTestDashboard, type TestDashboard } from './support/dashboard-harness.js';

let dashboard: TestDashboard;

beforeAll(async () => {
  // A long key cache: a revoked key can only stop at once through the revocation announcement.
  dashboard = await startTestDashboard({ LPS_AUTH_CACHE_TTL: '30s', LPS_SIGN_IN_LIMIT: '1000/60' });
});
afterAll(() => dashboard.stop());

async function signedIn(name: string): Promise<BrowserClient> {
  const browser = new BrowserClient(dashboard.origin);
  await browser.sandboxSignIn({ name });
  return browser;
}

async function linkFor(memberId: string, ttlMs = 15 * 60_000): Promise<string> {
  const { token, hash } = newOpaqueToken();
  await insertSignInLink(dashboard.runtime.db, { memberId, tokenHash: hash, expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

describe('API keys in the dashboard', () => {
  it('creates a named, scoped key shown once; lists keys newest first without it; revokes it and the API refuses it at once', async () => {
    const browser = await signedIn('Key Maker');
    const created = await browser.call('POST', '/dashboard/api/keys', { name: 'CI', scope: 'read_only', expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString() });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      key: {
        id: expect.any(String),
        name: 'CI',
        last4: created.json.api_key.slice(-4),
        scope: 'read_only',
        created_at: expect.any(String),
        last_used_at: null,
        expires_at: expect.any(String),
        revoked_at: null,
      },
      api_key: expect.stringMatching(/^lps_[0-9a-f]{32}$/),
    });
    const apiKey = created.json.api_key as string;
    const second = await browser.call('POST', '/dashboard/api/keys', { name: 'Zapier' });
    expect(second.json.key.scope).toBe('full');

    const me = await fetch(`${dashboard.origin}/api/v1/me`, { headers: { Authorization: `Bearer ${apiKey}` } });
    expect(me.status).toBe(200);
    const listed = await browser.call('GET', '/dashboard/api/keys');
    expect(listed.json.data.map((key: { name: string }) => key.name)).toEqual(['Zapier', 'CI']);
    expect(listed.text).not.toContain(apiKey);
    expect((await browser.call('GET', '/dashboard/api/session')).json.key_cache_seconds).toBe(30);

    expect((await browser.call('DELETE', `/dashboard/api/keys/${created.json.key.id}`)).status).toBe(204);
    // The key was cached as live for 30 s: only the announcement makes it fail now.
    await waitFor(async () => (await fetch(`${dashboard.origin}/api/v1/me`, { headers: { Authorization: `Bearer ${apiKey}` } })).status === 401, { timeoutMs: 10_000 });
    const after = await browser.call('GET', '/dashboard/api/keys');
    expect(after.json.data.find((key: { id: string }) => key.id === created.json.key.id).revoked_at).toEqual(expect.any(String));
    expect((await browser.call('DELETE', `/dashboard/api/keys/${created.json.key.id}`)).status).toBe(404);
  });

  it("cannot see or revoke another member's key (404)", async () => {
    const other = await createTestMember(dashboard.runtime);
    const browser = await signedIn('Nosy');
    expect((await browser.call('GET', '/dashboard/api/keys')).text).not.toContain(other.keyId);
    const answer = await browser.call('DELETE', `/dashboard/api/keys/${other.keyId}`);
    expect([answer.status, answer.json.error.code]).toEqual([404, 'not_found']);
    expect((await fetch(`${dashboard.origin}/api/v1/me`, { headers: { Authorization: other.auth } })).status).toBe(200);
  });

  it('refuses bad key requests with the API envelope', async () => {
    const browser = await signedIn('Careless');
    const cases: Array<[unknown, number, string]> = [
      [{}, 422, 'validation_error'],
      [{ name: '' }, 422, 'validation_error'],
      [{ name: 'x'.repeat(101) }, 422, 'validation_error'],
      [{ name: 'ok', scope: 'admin' }, 422, 'validation_error'],
      [{ name: 'ok', expires_at: 'soon' }, 422, 'validation_error'],
      [{ name: 'ok', extra: 1 }, 422, 'validation_error'],
      [{ name: 'ok', expires_at: '2001-01-01T00:00:00Z' }, 422, 'unprocessable'],
      [{ name: 'ok', expires_at: new Date(Date.now() + 3 * 366 * 86_400_000).toISOString() }, 422, 'unprocessable'],
    ];
    for (const [body, status, code] of cases) {
      const answer = await browser.call('POST', '/dashboard/api/keys', body);
      expect([JSON.stringify(body), answer.status, answer.json?.error?.code]).toEqual([JSON.stringify(body), status, code]);
    }
    expect((await browser.call('GET', '/dashboard/api/keys')).json.data).toEqual([]);
  });
});

describe('one-time sign-in links', () => {
  it('signs in once with a link from the operator; the same link again, an expired one or a made-up one answers 401 in words', async () => {
    const member = await createTestMember(dashboard.runtime, { displayName: 'Linked In' });
    const token = await linkFor(member.memberId);
    const browser = new BrowserClient(dashboard.origin);
    const opened = await browser.request('/sign-in/link', { site: 'none' });
    expect(opened.status).toBe(503); // the page (no web app built here): opening it spends nothing
    const used = await browser.call('POST', '/dashboard/api/sign-in/link', { token });
    expect(used.status).toBe(204);
    expect((await browser.call('GET', '/dashboard/api/session')).json.member.id).toBe(member.memberId);
    const again = await new BrowserClient(dashboard.origin).call('POST', '/dashboard/api/sign-in/link', { token });
    expect([again.status, again.json.error.code]).toEqual([401, 'unauthorized']);
    expect(again.json.error.message).toMatch(/unknown, already used or expired/);
    const expired = await linkFor(member.memberId, -1);
    expect((await new BrowserClient(dashboard.origin).call('POST', '/dashboard/api/sign-in/link', { token: expired })).status).toBe(401);
    expect((await new BrowserClient(dashboard.origin).call('POST', '/dashboard/api/sign-in/link', { token: newOpaqueToken().token })).status).toBe(401);
    const sessions = await dashboard.runtime.db.session.findMany({ where: { memberId: member.memberId } });
    expect(sessions.map((session) => session.method)).toEqual(['link']);
  });

  it('two browsers spending one link at the same moment: exactly one is signed in', async () => {
    const member = await createTestMember(dashboard.runtime);
    const token = await linkFor(member.memberId);
    const answers = await Promise.all([0, 1, 2, 3].map(() => new BrowserClient(dashboard.origin).call('POST', '/dashboard/api/sign-in/link', { token })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 401, 401, 401]);
  });
});

describe('/dashboard/api/v1: the API for the signed-in member', () => {
  it('answers exactly what the API answers a bearer key of the same member, errors included', async () => {
    const browser = await signedIn('Twin');
    const memberId = (await browser.call('GET', '/dashboard/api/session')).json.member.id as string;
    const key = generateApiKey();
    await insertApiKey(dashboard.runtime.db, { memberId, keyHash: key.keyHash, last4: key.last4 });
    const post = await createTestPost(dashboard.runtime, memberId);
    const stranger = await createTestMember(dashboard.runtime);
    const theirs = await createTestPost(dashboard.runtime, stranger.memberId);
    const requests: Array<[string, string, unknown?]> = [
      ['GET', '/me'],
      ['GET', `/posts/${post.id}`],
      ['GET', '/posts?limit=1'],
      ['GET', `/posts/${theirs.id}`],
      ['GET', '/posts/not-a-uuid'],
      ['GET', '/posts?limit=1000'],
      ['PATCH', `/posts/${post.id}`, { body: 'x'.repeat(3_001) }],
      ['POST', '/posts', { idea: '' }],
      ['DELETE', `/posts/${theirs.id}`],
      ['GET', '/webhooks'],
    ];
    for (const [method, path, body] of requests) {
      const init = { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
      const bearer = await fetch(`${dashboard.origin}/api/v1${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${key.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      });
      const session = await browser.request(`/dashboard/api/v1${path}`, {
        ...init,
        site: 'same-origin',
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' } }),
      });
      const bearerText = await bearer.text();
      expect([method, path, session.status, session.text]).toEqual([method, path, bearer.status, bearerText]);
    }
    expect((await dashboard.runtime.db.post.findUniqueOrThrow({ where: { id: theirs.id } })).body).toBe(theirs.body);
  });

  it('honours no Idempotency-Key (its records belong to API keys): a repeat is a new request', async () => {
    const browser = await signedIn('Repeater');
    const send = () =>
      browser.request('/dashboard/api/v1/posts', {
        method: 'POST',
        site: 'same-origin',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'same' },
        body: JSON.stringify({ idea: 'Twice' }),
      });
    const [first, second] = [await send(), await send()];
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get('idempotency-replayed')).toBeNull();
    expect(second.json.post.id).not.toBe(first.json.post.id);
  });
});
