import { freePort, SHARE_APP, startFakeLinkedIn, type FakeLinkedIn, type IdTokenFault } from '@lps/testing';
import { BrowserClient } from './support/browser-client.js';
import { startTestDashboard, type TestDashboard } from './support/dashboard-harness.js';

/**
 * Sign in with LinkedIn (OpenID Connect) against the fake LinkedIn, which answers as LinkedIn documents:
 * discovery, JWKS, an RS256 id_token with the nonce, userinfo. One dashboard per sign-up policy.
 */
async function startWith(fake: FakeLinkedIn, signUp: 'open' | 'closed'): Promise<TestDashboard> {
  const port = await freePort();
  const callback = `http://127.0.0.1:${port}/auth/network/callback`;
  fake.state.registerRedirectUri(SHARE_APP.clientId, callback);
  return startTestDashboard({ ...fake.env, LPS_SIGNUP: signUp, LPS_SIGN_IN_REDIRECT_URI: callback, LPS_SIGN_IN_LIMIT: '1000/60' }, { port });
}

let fake: FakeLinkedIn;
let open: TestDashboard;
let closed: TestDashboard;

beforeAll(async () => {
  fake = await startFakeLinkedIn();
  open = await startWith(fake, 'open');
  closed = await startWith(fake, 'closed');
});
afterAll(async () => {
  await open.stop();
  await closed.stop();
  await fake.close();
});

/** Start → LinkedIn's authorize page (the person approves or cancels) → back to our callback; the last answer. */
async function signIn(dashboard: TestDashboard, browser = new BrowserClient(dashboard.origin), returnTo?: string) {
  const start = await browser.request(`/auth/network/start${returnTo ? `?return_to=${encodeURIComponent(returnTo)}` : ''}`, { site: 'none' });
  expect(start.status).toBe(303);
  const authorize = new URL(start.location as string);
  expect(authorize.origin).toBe(fake.url);
  const linkedin = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(linkedin.headers.get('location') as string);
  expect(back.origin).toBe(dashboard.origin);
  const answer = await browser.request(`${back.pathname}${back.search}`, { site: 'cross-site' });
  return { browser, authorize, back, answer };
}

describe('Sign in with LinkedIn (LPS_NETWORK=linkedin)', () => {
  it('asks for openid profile email and w_member_social in one authorization, with a state and a nonce, and no PKCE', async () => {
    const browser = new BrowserClient(open.origin);
    const start = await browser.request('/auth/network/start', { site: 'none' });
    const url = new URL(start.location as string);
    expect(url.pathname).toBe('/oauth/v2/authorization');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: SHARE_APP.clientId,
      redirect_uri: `${open.origin}/auth/network/callback`,
      state: expect.stringMatching(/^[\w-]{43}$/),
      nonce: expect.stringMatching(/^[\w-]{43}$/),
      scope: 'openid profile email w_member_social',
    });
    expect(start.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('with LPS_SIGNUP=open a new person becomes a member, connected (token stored encrypted), named from the ID token, identified by sub', async () => {
    fake.state.browserPerson = { sub: 'new-person-1', name: 'Margaret Hamilton', picture: 'https://media.licdn.com/dms/image/fake/margaret' };
    const { browser, answer } = await signIn(open, undefined, '/developer/keys');
    expect([answer.status, answer.location]).toEqual([303, '/developer/keys']);
    const session = await browser.call('GET', '/dashboard/api/session');
    expect(session.json.member).toMatchObject({ display_name: 'Margaret Hamilton', network_connected: true });
    expect(session.json.network).toBe('linkedin');
    const identity = await open.runtime.db.memberIdentity.findFirstOrThrow({ where: { subject: 'new-person-1' } });
    expect(identity).toMatchObject({ provider: 'linkedin', memberId: session.json.member.id });
    const connection = await open.runtime.db.networkConnection.findUniqueOrThrow({ where: { memberId: session.json.member.id } });
    expect(connection.personUrn).toBe('urn:li:person:new-person-1');
    // Stored encrypted: the column holds ciphertext that decrypts to LinkedIn's token and never the token
    // itself (a test for "AQ" alone failed when the random ciphertext happened to contain those two letters).
    expect(connection.accessTokenEnc).toEqual(expect.any(String));
    const token = open.runtime.keyring.decrypt(connection.accessTokenEnc ?? '');
    expect(token).toMatch(/^AQ/);
    expect(connection.accessTokenEnc).not.toContain(token);
    const page = await browser.call('GET', '/dashboard/api/connection');
    expect(page.json).toMatchObject({
      connection: { network: 'linkedin', share: { connected: true, person_urn: 'urn:li:person:new-person-1', expires_at: expect.any(String) } },
      profile: { name: 'Margaret Hamilton', picture_url: 'https://media.licdn.com/dms/image/fake/margaret' },
      sandbox: null,
    });
    // The same person again: the same member, a new session.
    const again = await signIn(open);
    expect((await again.browser.call('GET', '/dashboard/api/session')).json.member.id).toBe(session.json.member.id);
  });

  it('with the default LPS_SIGNUP=closed a person who is not a member is refused with signup_closed and nothing is made', async () => {
    fake.state.browserPerson = { sub: 'stranger-1', name: 'Not A Member' };
    const members = await closed.runtime.db.member.count();
    const { answer, browser } = await signIn(closed);
    expect([answer.status, answer.location]).toEqual([303, '/sign-in?error=signup_closed']);
    expect(browser.cookies.has('__Host-lps_session')).toBe(false);
    expect(await closed.runtime.db.member.count()).toBe(members);
    expect(await closed.runtime.db.networkConnection.count({ where: { personUrn: 'urn:li:person:stranger-1' } })).toBe(0);
  });

  it('a member the operator connected before (by its LinkedIn person) signs in as that member even with sign-up closed', async () => {
    const member = await closed.runtime.db.member.create({
      data: { displayName: 'Connected by CLI', networkConnection: { create: { provider: 'linkedin', personUrn: 'urn:li:person:cli-person' } } },
    });
    fake.state.browserPerson = { sub: 'cli-person', name: 'Connected by CLI' };
    const { answer, browser } = await signIn(closed);
    expect(answer.location).toBe('/posts');
    expect((await browser.call('GET', '/dashboard/api/session')).json.member.id).toBe(member.id);
  });

  const faults: IdTokenFault[] = ['bad-signature', 'wrong-audience', 'wrong-issuer', 'expired', 'other-nonce'];
  it.each(faults)('refuses an ID token with %s: /sign-in?error=invalid, no session, no member', async (fault) => {
    fake.state.browserPerson = { sub: `faulty-${fault}`, name: 'Faulty Token' };
    fake.state.idTokenFault = fault;
    const { answer, browser } = await signIn(open);
    expect([answer.status, answer.location]).toEqual([303, '/sign-in?error=invalid']);
    expect(browser.cookies.has('__Host-lps_session')).toBe(false);
    expect(await open.runtime.db.memberIdentity.count({ where: { subject: `faulty-${fault}` } })).toBe(0);
  });

  it('a replayed callback (the same state and code again, from the same pre-session) signs nobody in', async () => {
    fake.state.browserPerson = { sub: 'replayed', name: 'Replay Victim' };
    const browser = new BrowserClient(open.origin);
    const start = await browser.request('/auth/network/start', { site: 'none' });
    const preSession = browser.cookies.get('__Host-lps_pre') as string;
    const linkedin = await fetch(new URL(start.location as string), { redirect: 'manual' });
    const back = new URL(linkedin.headers.get('location') as string);
    expect((await browser.request(`${back.pathname}${back.search}`, { site: 'cross-site' })).location).toBe('/posts');
    const replay = new BrowserClient(open.origin);
    replay.cookies.set('__Host-lps_pre', preSession);
    const answer = await replay.request(`${back.pathname}${back.search}`, { site: 'cross-site' });
    expect(answer.location).toBe('/sign-in?error=invalid');
    expect(replay.cookies.has('__Host-lps_session')).toBe(false);
  });

  it("login CSRF: a callback carrying another browser's state (no or another pre-session) signs nobody in", async () => {
    fake.state.browserPerson = { sub: 'attacker', name: 'Attacker' };
    const attacker = new BrowserClient(open.origin);
    const start = await attacker.request('/auth/network/start', { site: 'none' });
    const linkedin = await fetch(new URL(start.location as string), { redirect: 'manual' });
    const back = new URL(linkedin.headers.get('location') as string);
    // The attacker makes the victim's browser open the callback with the attacker's code and state.
    const victim = new BrowserClient(open.origin);
    await victim.request('/auth/network/start', { site: 'none' }); // the victim has a pre-session of its own
    const answer = await victim.request(`${back.pathname}${back.search}`, { site: 'cross-site' });
    expect(answer.location).toBe('/sign-in?error=invalid');
    expect(victim.cookies.has('__Host-lps_session')).toBe(false);
  });

  it('the person cancelling on LinkedIn (error=user_cancelled_login) lands on /sign-in?error=denied', async () => {
    fake.state.browserAnswer = 'cancel';
    try {
      const { answer, back } = await signIn(open);
      expect(back.searchParams.get('error')).toBe('user_cancelled_login');
      expect(answer.location).toBe('/sign-in?error=denied');
    } finally {
      fake.state.browserAnswer = 'approve';
    }
  });

  it('garbage on the callback is a redirect to /sign-in?error=…, never a 5xx', async () => {
    const browser = new BrowserClient(open.origin);
    await browser.request('/auth/network/start', { site: 'none' });
    for (const query of [
      '',
      '?state=',
      '?code=x',
      '?state=%00%ff&code=%00',
      `?state=${'a'.repeat(43)}&code=${'b'.repeat(5_000)}`,
      '?state[]=1&code[x]=2',
      '?error=<script>',
      `?state=${'a'.repeat(10_000)}`,
    ]) {
      const answer = await browser.request(`/auth/network/callback${query}`, { site: 'cross-site' });
      expect([query, answer.status, answer.location?.startsWith('/sign-in?error=')]).toEqual([query, 303, true]);
    }
  });

  it('has no sandbox sign-in page in LinkedIn mode', async () => {
    expect((await new BrowserClient(open.origin).request('/auth/sandbox/authorize?state=x', { site: 'none' })).status).toBe(404);
    expect((await new BrowserClient(open.origin).call('GET', '/dashboard/api/sign-in/options')).json).toEqual({ network: 'linkedin', methods: ['network'], signup: 'open' });
  });
});
