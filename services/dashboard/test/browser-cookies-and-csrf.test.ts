import type { BrowserContext } from 'playwright-core';
import { startLoopbackServer, type LoopbackServer } from '@lps/testing';
import { BrowserClient } from './support/browser-client.js';
import { launchBrowser } from './browser/support/browser.js';
import { fixtureWebRoot, startTestDashboard, type TestDashboard } from './support/dashboard-harness.js';

let dashboard: TestDashboard;
let browser: { context: BrowserContext; close(): Promise<void> };
let attacker: LoopbackServer;
const web = fixtureWebRoot();

beforeAll(async () => {
  dashboard = await startTestDashboard({ LPS_SIGN_IN_LIMIT: '1000/60' }, { webRoot: web.root });
  // One context: its cookie jar is the browser's, shared by every page the tests open.
  const launched = await launchBrowser();
  browser = { context: await launched.browser.newContext(), close: () => launched.close() };
  // Another origin on the same host (another port): same-site to the dashboard, not same-origin.
  attacker = await startLoopbackServer((req, res) => {
    const target = dashboard.origin;
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html><body>
<form id="form" method="post" action="${target}/dashboard/api/keys" enctype="text/plain"><input name='{"name":"evil","x":"' value='"}'></form>
<form id="signout" method="post" action="${target}/dashboard/api/sign-out"></form>
<form id="endothers" method="post" action="${target}/dashboard/api/sessions/end-others"></form>
<script>
window.results = [];
async function attack() {
  const tries = [
    ['keys json', () => fetch('${target}/dashboard/api/keys', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: '{"name":"evil"}' })],
    ['keys no-cors', () => fetch('${target}/dashboard/api/keys', { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: '{"name":"evil"}' })],
    ['post v1', () => fetch('${target}/dashboard/api/v1/posts', { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: '{"idea":"evil"}' })],
    ['sign-out', () => fetch('${target}/dashboard/api/sign-out', { method: 'POST', mode: 'no-cors', credentials: 'include' })],
    ['read keys', () => fetch('${target}/dashboard/api/keys', { credentials: 'include' }).then((r) => r.text())],
  ];
  for (const [name, run] of tries) {
    try { await run(); window.results.push(name + ': sent'); } catch (e) { window.results.push(name + ': ' + e.message); }
  }
  window.done = true;
}
attack();
</script></body></html>`);
  });
});
afterAll(async () => {
  await browser?.close();
  await attacker?.close();
  await dashboard?.stop();
});

/** Signs in through the sandbox's own page in the real browser: two clicks. */
async function signInAt(origin: string): Promise<void> {
  const page = await browser.context.newPage();
  await page.goto(`${origin}/auth/network/start`);
  await page.getByRole('button', { name: 'Continue as a sandbox member' }).click();
  await page.waitForURL(`${origin}/posts`);
  await page.close();
}

describe('the session cookie in a real browser (Chromium) over plain HTTP', () => {
  it.each(['127.0.0.1', 'localhost'])('keeps the Secure __Host- cookie on http://%s and sends it back: sign-in works without HTTPS on this machine', async (host) => {
    const origin = `http://${host}:${dashboard.port}`;
    await signInAt(origin);
    const cookies = await browser.context.cookies(origin);
    const session = cookies.find((cookie) => cookie.name === '__Host-lps_session');
    expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/', domain: host });
    const page = await browser.context.newPage();
    const answer = await page.goto(`${origin}/dashboard/api/session`);
    expect(answer?.status()).toBe(200);
    expect(JSON.parse(await answer!.text()).member.display_name).toBe('Sandbox member');
    // Not readable by the page's script: HttpOnly.
    await page.goto(`${origin}/posts`);
    expect(await page.evaluate('document.cookie')).not.toContain('lps_session');
    await page.close();
  });
});

describe('CSRF: a page on another origin (another port of the same host)', () => {
  it('posts forms and fetches to the dashboard and changes nothing; the member stays signed in', async () => {
    const origin = `http://127.0.0.1:${dashboard.port}`;
    await signInAt(origin);
    const before = await dashboard.runtime.db.apiKey.count();
    const sessionsBefore = await dashboard.runtime.db.session.count({ where: { endedAt: null } });
    const page = await browser.context.newPage();
    await page.goto(attacker.url);
    await page.waitForFunction('window.done === true');
    const results = (await page.evaluate('window.results')) as string[];
    // The JSON fetch with credentials is blocked by CORS at the browser (no Access-Control headers), the others are opaque.
    expect(results).toHaveLength(5);
    for (const form of ['#form', '#signout', '#endothers']) {
      await page.goto(attacker.url);
      await Promise.all([page.waitForLoadState('load'), page.evaluate(`document.querySelector('${form}').submit()`)]);
      await page.waitForURL((url) => url.origin === origin);
      expect([form, await page.evaluate('document.body.innerText')]).toEqual([form, expect.stringContaining('forbidden')]);
    }
    await page.close();
    expect(await dashboard.runtime.db.apiKey.count()).toBe(before);
    expect(await dashboard.runtime.db.post.count({ where: { idea: 'evil' } })).toBe(0);
    expect(await dashboard.runtime.db.session.count({ where: { endedAt: null } })).toBe(sessionsBefore);
    const check = await browser.context.newPage();
    expect((await check.goto(`${origin}/dashboard/api/session`))?.status()).toBe(200);
    await check.close();
  });
});

describe('CSRF rule over HTTP (what browsers send, and what old ones do not)', () => {
  let client: BrowserClient;
  beforeAll(async () => {
    client = new BrowserClient(dashboard.origin);
    await client.sandboxSignIn({ name: 'Csrf Target' });
  });

  const attempt = (headers: Record<string, string>, body = '{"name":"k"}') =>
    client.request('/dashboard/api/keys', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  it('serves a state change only for Sec-Fetch-Site same-origin, or without it an Origin equal to ours', async () => {
    expect((await attempt({ 'sec-fetch-site': 'same-origin' })).status).toBe(201);
    expect((await attempt({ origin: dashboard.origin })).status).toBe(201);
    const refused: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'none' },
      { 'sec-fetch-site': 'same-site', origin: dashboard.origin },
      { origin: `http://127.0.0.1:${dashboard.port + 1}` },
      { origin: 'null' },
      {},
    ];
    for (const headers of refused) {
      const answer = await attempt(headers);
      expect([JSON.stringify(headers), answer.status, answer.json?.error?.code]).toEqual([JSON.stringify(headers), 403, 'forbidden']);
      expect(answer.headers.get('vary')).toMatch(/Sec-Fetch-Site/);
      expect(answer.headers.get('vary')).toMatch(/Origin/);
    }
  });

  it('refuses the content types a form can send on JSON endpoints, even same-origin', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'TEXT/PLAIN; charset=utf-8']) {
      const answer = await client.request('/dashboard/api/keys', { method: 'POST', site: 'same-origin', headers: { 'content-type': type }, body: '{"name":"k"}' });
      expect([type, answer.status]).toEqual([type, 403]);
    }
  });
});
