import { newOpaqueToken } from '@lps/crypto';
import { insertSignInLink } from '@lps/db';
import { createTestMember, createTestRuntime, freePort, SHARE_APP, startFakeLinkedIn, startServiceProcess, type FakeLinkedIn, type TestRuntime } from '@lps/testing';
import { BrowserClient } from './support/browser-client.js';

let test: TestRuntime;
let fake: FakeLinkedIn;

beforeAll(async () => {
  fake = await startFakeLinkedIn();
  test = await createTestRuntime({ ...fake.env });
});
afterAll(async () => {
  await fake.close();
  await test.cleanup();
});

describe('the dashboard alone (node services/dashboard/dist/main.js), and what it logs', () => {
  it('serves sign-in, sessions and keys on its own, and no session id, token, code, key or secret reaches a log line', async () => {
    const port = await freePort();
    const callback = `http://127.0.0.1:${port}/auth/network/callback`;
    fake.state.registerRedirectUri(SHARE_APP.clientId, callback);
    const env = {
      ...fake.env,
      DATABASE_URL: test.runtime.config.database.url,
      LPS_REDIS_PREFIX: test.runtime.config.redis.prefix,
      LPS_SIGNUP: 'open',
      LPS_SIGN_IN_REDIRECT_URI: callback,
      PORT: String(port),
      HOST: '127.0.0.1',
      LPS_HEALTH_PORT: '0',
      LOG_LEVEL: 'debug',
    };
    const dashboard = startServiceProcess('services/dashboard/dist/main.js', env);
    try {
      await dashboard.waitForLine(/^dashboard started$/);
      const origin = `http://127.0.0.1:${port}`;
      const browser = new BrowserClient(origin);

      // Sign in with LinkedIn (the fake): state, nonce, code, ID token and access token all pass through.
      fake.state.browserPerson = { sub: 'logged-person', name: 'Logged Person' };
      const start = await browser.request('/auth/network/start', { site: 'none' });
      const preSession = browser.cookies.get('__Host-lps_pre') as string;
      const authorize = new URL(start.location as string);
      const linkedin = await fetch(authorize, { redirect: 'manual' });
      const back = new URL(linkedin.headers.get('location') as string);
      const code = back.searchParams.get('code') as string;
      const accessToken = fake.state.codes.get(code)?.accessToken as string;
      expect((await browser.request(`${back.pathname}${back.search}`, { site: 'cross-site' })).location).toBe('/posts');
      const session = browser.cookies.get('__Host-lps_session') as string;
      expect((await browser.call('GET', '/dashboard/api/session')).status).toBe(200);
      // A replay of the callback fails, and is logged without its code or state.
      expect((await browser.request(`${back.pathname}${back.search}`, { site: 'cross-site' })).location).toMatch(/^\/sign-in\?error=/);

      const key = await browser.call('POST', '/dashboard/api/keys', { name: 'logged' });
      expect(key.status).toBe(201);
      const member = await createTestMember(test.runtime);
      const link = newOpaqueToken();
      await insertSignInLink(test.runtime.db, { memberId: member.memberId, tokenHash: link.hash, expiresAt: new Date(Date.now() + 60_000) });
      const other = new BrowserClient(origin);
      expect((await other.call('POST', '/dashboard/api/sign-in/link', { token: link.token })).status).toBe(204);
      expect((await other.call('POST', '/dashboard/api/sign-in/link', { token: link.token })).status).toBe(401);
      expect((await browser.call('POST', '/dashboard/api/sign-out')).status).toBe(204);
      expect((await browser.call('GET', '/dashboard/api/session')).status).toBe(401);

      dashboard.child.kill('SIGTERM');
      expect(await dashboard.exited).toBe(0);

      const output = dashboard.output();
      expect(output).toContain('Dashboard listening on port');
      for (const [what, value] of [
        ['session token', session],
        ['other session token', other.cookies.get('__Host-lps_session') as string],
        ['pre-session token', preSession],
        ['OAuth state', authorize.searchParams.get('state') as string],
        ['OIDC nonce', authorize.searchParams.get('nonce') as string],
        ['authorization code', code],
        ['LinkedIn access token', accessToken],
        ['API key', key.json.api_key as string],
        ['sign-in link token', link.token],
        ['LinkedIn client secret', fake.env.LINKEDIN_CLIENT_SECRET as string],
      ] as const) {
        expect([what, output.includes(value)]).toEqual([what, false]);
      }
      expect(dashboard.lines.some((line) => line.message === 'member signed in' && line.provider === 'linkedin')).toBe(true);
    } finally {
      if (dashboard.child.exitCode === null) dashboard.child.kill('SIGKILL');
    }
  }, 90_000);
});
