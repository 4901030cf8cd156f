import { request } from 'node:http';
import { CONTENT_SECURITY_POLICY } from '@lps/dashboard';
import { BrowserClient } from './support/browser-client.js';
import { fixtureWebRoot, startTestDashboard, type TestDashboard } from './support/dashboard-harness.js';

/** A raw request with any Host and headers (fetch will not send a Host of our choosing). */
function raw(
  port: number,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const HTML_HEADERS = { 'content-security-policy': CONTENT_SECURITY_POLICY, 'x-content-type-options': 'nosniff', 'cross-origin-opener-policy': 'same-origin' };

describe('serving the web app (a built fixture)', () => {
  let dashboard: TestDashboard;
  const web = fixtureWebRoot();
  beforeAll(async () => {
    dashboard = await startTestDashboard({}, { webRoot: web.root });
  });
  afterAll(() => dashboard.stop());

  it.each([
    '/',
    '/sign-in',
    '/sign-in/link',
    '/posts',
    '/posts/0b6d3b5e-1111-4111-8111-111111111111',
    '/developer/keys',
    '/developer/webhooks',
    '/developer/webhooks/abc',
    '/developer/mcp',
    '/connection',
    '/account/sessions',
    '/posts/',
    '/compose',
    '/posts/0b6d3b5e-1111-4111-8111-111111111111/edit',
    '/review',
    '/failures',
    '/calendar',
    '/calendar?view=month&date=2027-03-28',
    '/settings/schedule',
    '/ideas',
    '/analytics',
  ])('serves the shell at the app route %s, uncached, under the CSP', async (path) => {
    const answer = await fetch(`${dashboard.origin}${path}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    for (const [name, value] of Object.entries(HTML_HEADERS)) expect([name, answer.headers.get(name)]).toEqual([name, value]);
    expect(answer.headers.get('referrer-policy')).toBe('same-origin');
    expect(await answer.text()).toContain(`/assets/${web.asset}`);
  });

  it('serves hashed assets for a year, immutable, and nothing outside assets/', async () => {
    const asset = await fetch(`${dashboard.origin}/assets/${web.asset}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(await asset.text()).toBe(web.assetBody);
    for (const path of ['/assets/missing.js', '/assets/..%2Findex.html', '/assets/%2e%2e/index.html', '/assets/.hidden', '/index.html']) {
      const answer = await fetch(`${dashboard.origin}${path}`);
      expect([path, answer.status, answer.headers.get('content-type')]).toEqual([path, 404, 'text/html; charset=utf-8']);
    }
  });

  it.each(['/nope', '/posts/1/extra', '/posts/1/edit/more', '/settings', '/compose/x', '/developer', '/wp-admin.php', '/dashboard', '/auth/nothing'])(
    'answers %s with the 404 page, never the shell',
    async (path) => {
      const answer = await fetch(`${dashboard.origin}${path}`);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      const text = await answer.text();
      expect(text).toContain('<h1>Page not found</h1>');
      expect(text).not.toContain(web.asset);
    },
  );

  it("leaves the API's own paths and answers as they were: JSON 404 under /api/v1, /mcp's JSON-RPC, /dashboard/api's envelope", async () => {
    const api = await fetch(`${dashboard.origin}/api/v1/nope`);
    expect([api.status, ((await api.json()) as any).error.code]).toEqual([404, 'not_found']);
    expect((await fetch(`${dashboard.origin}/api/v1/health`)).status).toBe(200);
    const mcp = await fetch(`${dashboard.origin}/mcp`);
    expect([mcp.status, ((await mcp.json()) as any).jsonrpc]).toEqual([405, '2.0']);
    const json = await fetch(`${dashboard.origin}/dashboard/api/nope`);
    expect([json.status, ((await json.json()) as any).error.code, json.headers.get('cache-control')]).toEqual([404, 'not_found', 'no-store']);
    const unauthenticated = await fetch(`${dashboard.origin}/dashboard/api/v1/me`);
    expect([unauthenticated.status, ((await unauthenticated.json()) as any).error.code]).toEqual([401, 'unauthorized']);
  });
});

describe('serving before the web app is built', () => {
  let dashboard: TestDashboard;
  beforeAll(async () => {
    dashboard = await startTestDashboard();
  });
  afterAll(() => dashboard.stop());

  it('answers the app routes with a 503 page that says the web app is not built and how to build it', async () => {
    const answer = await fetch(`${dashboard.origin}/developer/keys`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const text = await answer.text();
    expect(text).toContain('<html lang="en">');
    expect(text).toContain("The dashboard's web app is not built");
    expect(text).toContain('npm run build');
  });
});

describe('sign-in rules: the return address, plain HTTP, attempts per address', () => {
  let dashboard: TestDashboard;
  beforeAll(async () => {
    dashboard = await startTestDashboard({ LPS_SIGN_IN_LIMIT: '6/60' });
  });
  afterAll(() => dashboard.stop());

  it('never sends the browser elsewhere after sign-in: //evil, https://evil, /\\evil and their encodings fall back to /posts', async () => {
    const hostile = [
      '//evil.example',
      'https://evil.example/x',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      '%2F%2Fevil.example',
      '/%5Cevil.example',
      'javascript:alert(1)',
      '/\tevil',
      '/posts/../../evil',
      '/sign-in',
      'http:evil.example',
      '\\\\evil.example',
    ];
    const { randomUUID } = await import('node:crypto');
    for (const returnTo of hostile) {
      await dashboard.runtime.redis.del(`${dashboard.runtime.config.redis.prefix}:rl:sign-in:127.0.0.1`);
      const browser = new BrowserClient(dashboard.origin);
      const landed = await browser.sandboxSignIn({ name: `Returner ${randomUUID()}`, returnTo });
      expect([returnTo, landed.status, landed.location]).toEqual([returnTo, 303, '/posts']);
    }
    expect(await dashboard.runtime.db.signInAttempt.count({ where: { returnTo: { not: null } } })).toBe(0);
    const browser = new BrowserClient(dashboard.origin);
    const start = await browser.request(`/auth/network/start?return_to=${encodeURIComponent('/developer/webhooks/abc?tab=log')}`, { site: 'none' });
    expect(start.status).toBe(303);
    expect((await dashboard.runtime.db.signInAttempt.findFirstOrThrow({ orderBy: { createdAt: 'desc' } })).returnTo).toBe('/developer/webhooks/abc?tab=log');
  });

  it('refuses to start a sign-in over plain HTTP to a host that is not loopback, with a page saying why; HTTPS through a trusted proxy, localhost and 127.0.0.1 go on', async () => {
    await dashboard.runtime.redis.del(`${dashboard.runtime.config.redis.prefix}:rl:sign-in:127.0.0.1`);
    const insecure = await raw(dashboard.port, '/auth/network/start', { host: 'lps.example.com' });
    expect(insecure.status).toBe(400);
    expect(insecure.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(insecure.body).toContain('Sign-in needs HTTPS on this address');
    expect(insecure.body).toContain('lps.example.com');
    expect(insecure.headers['set-cookie']).toBeUndefined();
    const proxied = await raw(dashboard.port, '/auth/network/start', { host: 'lps.example.com', 'x-forwarded-proto': 'https' });
    expect(proxied.status).toBe(303);
    for (const host of [`localhost:${dashboard.port}`, `127.0.0.1:${dashboard.port}`, `app.localhost:${dashboard.port}`, `[::1]:${dashboard.port}`]) {
      expect([host, (await raw(dashboard.port, '/auth/network/start', { host })).status]).toEqual([host, 303]);
    }
    const link = await raw(
      dashboard.port,
      '/dashboard/api/sign-in/link',
      { host: 'lps.example.com', origin: 'http://lps.example.com', 'content-type': 'application/json' },
      'POST',
      JSON.stringify({ token: 'x'.repeat(43) }),
    );
    expect(link.status).toBe(403);
    expect(JSON.parse(link.body).error).toMatchObject({ code: 'forbidden', details: { reason: 'insecure_http' } });
  });

  it('limits sign-in attempts per address: past LPS_SIGN_IN_LIMIT the start and the callback go to /sign-in?error=rate_limited, a link answers 429', async () => {
    await dashboard.runtime.redis.del(`${dashboard.runtime.config.redis.prefix}:rl:sign-in:127.0.0.1`, `${dashboard.runtime.config.redis.prefix}:rl:sign-in:::ffff:127.0.0.1`);
    const browser = new BrowserClient(dashboard.origin);
    const statuses: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const answer = await browser.request('/auth/network/start', { site: 'none' });
      statuses.push(answer.location?.startsWith('/sign-in?error=rate_limited') ? 'limited' : String(answer.status));
    }
    expect(statuses).toEqual(['303', '303', '303', '303', '303', '303', 'limited', 'limited']);
    const link = await browser.call('POST', '/dashboard/api/sign-in/link', { token: 'a'.repeat(43) });
    expect([link.status, link.json.error.code, Number(link.headers.get('retry-after')) > 0]).toEqual([429, 'rate_limited', true]);
  });
});
