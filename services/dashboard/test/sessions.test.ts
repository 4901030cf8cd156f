import { hashOpaqueToken } from '@lps/crypto';
import { startLocalRedis, type LoneLocalRedis } from '@lps/testing';
import { BrowserClient } from './support/browser-client.js';
import { startTestDashboard, type TestDashboard } from './support/dashboard-harness.js';

const SESSION = '__Host-lps_session';

describe('sessions (sandbox sign-in, the default mode)', () => {
  let redis: LoneLocalRedis;
  let dashboard: TestDashboard;

  beforeAll(async () => {
    // A Redis of this file's own: the test empties it with FLUSHALL.
    redis = await startLocalRedis();
    dashboard = await startTestDashboard({
      REDIS_URL: redis.url,
      LPS_SESSION_IDLE_TIMEOUT: '2h',
      LPS_SESSION_MAX_AGE: '12h',
      LPS_SIGN_IN_LIMIT: '1000/60',
      PUBLIC_BASE_URL: 'https://lps.example.com',
    });
  });
  afterAll(async () => {
    await dashboard.stop();
    await redis.stop();
  });

  it('signs in with two clicks and sets a __Host- cookie that is Secure, HttpOnly, SameSite=Lax, Path=/, without Domain, stored only hashed', async () => {
    const browser = new BrowserClient(dashboard.origin);
    const start = await browser.request('/auth/network/start', { site: 'none' });
    expect(start.status).toBe(303);
    expect(start.location).toMatch(/^\/auth\/sandbox\/authorize\?state=[\w-]{43}$/);
    const pre = start.headers.getSetCookie().find((line) => line.startsWith('__Host-lps_pre='));
    expect(pre).toMatch(/; Path=\/; Max-Age=600; Secure; HttpOnly; SameSite=Lax$/);

    const landed = await browser.sandboxSignIn();
    expect([landed.status, landed.location]).toEqual([303, '/posts']);
    const token = browser.cookies.get(SESSION) as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    const rows = await dashboard.runtime.db.session.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashOpaqueToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    const me = await browser.call('GET', '/dashboard/api/session');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({
      member: { display_name: 'Sandbox member', network_connected: true },
      session: { id: rows[0]?.id },
      network: 'sandbox',
      // Where API clients reach this lps (PUBLIC_BASE_URL), even when the dashboard runs apart from the API.
      api_base_url: 'https://lps.example.com/api/v1',
      mcp_url: 'https://lps.example.com/mcp',
      key_cache_seconds: 5,
    });
    const cookie = (await browser.sandboxSignIn(), (await browser.request('/auth/network/start', { site: 'none' })).headers.getSetCookie());
    expect(cookie.every((line) => !/domain=/i.test(line))).toBe(true);
  });

  it('gives a new session id at every sign-in and ends the one the browser had', async () => {
    const browser = new BrowserClient(dashboard.origin);
    await browser.sandboxSignIn({ name: 'Grace Hopper' });
    const first = browser.cookies.get(SESSION) as string;
    await browser.sandboxSignIn({ name: 'Grace Hopper' });
    const second = browser.cookies.get(SESSION) as string;
    expect(second).not.toBe(first);
    const stale = new BrowserClient(dashboard.origin);
    stale.cookies.set(SESSION, first);
    expect((await stale.call('GET', '/dashboard/api/session')).status).toBe(401);
    expect((await browser.call('GET', '/dashboard/api/session')).json.member.display_name).toBe('Grace Hopper');
  });

  it('the same name signs in as the same member, another name as another', async () => {
    const a = new BrowserClient(dashboard.origin);
    const b = new BrowserClient(dashboard.origin);
    const c = new BrowserClient(dashboard.origin);
    await a.sandboxSignIn({ name: 'Ada  Lovelace' });
    await b.sandboxSignIn({ name: 'ada lovelace' });
    await c.sandboxSignIn({ name: 'Charles Babbage' });
    const id = async (client: BrowserClient) => (await client.call('GET', '/dashboard/api/session')).json.member.id as string;
    expect(await id(a)).toBe(await id(b));
    expect(await id(c)).not.toBe(await id(a));
  });

  it('a stolen session cookie stops working once its member signs out, and sign-out clears the cookie', async () => {
    const member = new BrowserClient(dashboard.origin);
    await member.sandboxSignIn({ name: 'Victim' });
    const thief = new BrowserClient(dashboard.origin);
    thief.cookies.set(SESSION, member.cookies.get(SESSION) as string);
    expect((await thief.call('GET', '/dashboard/api/v1/me')).status).toBe(200);
    const out = await member.call('POST', '/dashboard/api/sign-out');
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()).toEqual([`${SESSION}=; Path=/; Max-Age=0; Secure; HttpOnly; SameSite=Lax`]);
    expect(member.cookies.has(SESSION)).toBe(false);
    for (const path of ['/dashboard/api/session', '/dashboard/api/v1/me', '/dashboard/api/keys']) {
      const answer = await thief.call('GET', path);
      expect([path, answer.status, answer.json?.error?.code]).toEqual([path, 401, 'unauthorized']);
    }
  });

  it('lists the live sessions, ends one, and signs the others out', async () => {
    const here = new BrowserClient(dashboard.origin);
    const phone = new BrowserClient(dashboard.origin);
    const laptop = new BrowserClient(dashboard.origin);
    for (const client of [here, phone, laptop]) await client.sandboxSignIn({ name: 'Many Devices' });
    const list = await here.call('GET', '/dashboard/api/sessions');
    expect(list.status).toBe(200);
    expect(list.json.data).toHaveLength(3);
    expect(list.json.data.filter((entry: { current: boolean }) => entry.current)).toHaveLength(1);
    expect(list.json.data[0]).toEqual({
      id: expect.any(String),
      current: expect.any(Boolean),
      created_at: expect.any(String),
      last_seen_at: expect.any(String),
      expires_at: expect.any(String),
      user_agent: expect.any(String),
      method: 'sandbox',
    });
    const phoneId = (await phone.call('GET', '/dashboard/api/session')).json.session.id as string;
    expect((await here.call('DELETE', `/dashboard/api/sessions/${phoneId}`)).status).toBe(204);
    expect((await phone.call('GET', '/dashboard/api/session')).status).toBe(401);
    expect((await here.call('DELETE', `/dashboard/api/sessions/${phoneId}`)).status).toBe(404);
    const others = await here.call('POST', '/dashboard/api/sessions/end-others');
    expect(others.json).toEqual({ ended: 1 });
    expect((await laptop.call('GET', '/dashboard/api/session')).status).toBe(401);
    expect((await here.call('GET', '/dashboard/api/session')).status).toBe(200);
  });

  it("cannot end another member's session (404, as the API answers another member's objects)", async () => {
    const mallory = new BrowserClient(dashboard.origin);
    const alice = new BrowserClient(dashboard.origin);
    await mallory.sandboxSignIn({ name: 'Mallory' });
    await alice.sandboxSignIn({ name: 'Alice' });
    const aliceSession = (await alice.call('GET', '/dashboard/api/session')).json.session.id as string;
    expect((await mallory.call('DELETE', `/dashboard/api/sessions/${aliceSession}`)).status).toBe(404);
    expect((await alice.call('GET', '/dashboard/api/session')).status).toBe(200);
  });

  it('keeps everyone signed in when Redis forgets everything (FLUSHALL): sessions live in PostgreSQL', async () => {
    const browser = new BrowserClient(dashboard.origin);
    await browser.sandboxSignIn({ name: 'Survivor' });
    const admin = redis.admin(redis.ports[0] as number);
    expect(await admin.flushall()).toBe('OK');
    expect(await admin.dbsize()).toBe(0);
    const after = await browser.call('GET', '/dashboard/api/v1/me');
    expect(after.status).toBe(200);
    expect(after.json.member.display_name).toBe('Survivor');
  });

  it('shows what the sandbox is on the connection page, and reconnects the signed-in member at once (not whoever the sandbox page would sign in)', async () => {
    const browser = new BrowserClient(dashboard.origin);
    await browser.sandboxSignIn({ name: 'Connected' });
    const me = (await browser.call('GET', '/dashboard/api/session')).json.member.id as string;
    const page = await browser.call('GET', '/dashboard/api/connection');
    expect(page.status).toBe(200);
    expect(page.json).toEqual({
      connection: { network: 'sandbox', share: { connected: true, person_urn: null, expires_at: null, disconnect_reason: null }, analytics: null },
      profile: null,
      sandbox: { description: expect.stringContaining('simulated') },
    });
    expect((await browser.call('DELETE', '/dashboard/api/v1/me/connection')).status).toBe(204);
    expect((await browser.call('GET', '/dashboard/api/connection')).json.connection.share.connected).toBe(false);
    const reconnect = await browser.call('POST', '/dashboard/api/connection/reconnect');
    expect(reconnect.json).toEqual({ authorize_url: '/connection?lps_connection=connected' });
    expect((await browser.call('GET', '/dashboard/api/connection')).json.connection.share.connected).toBe(true);
    expect((await browser.call('GET', '/dashboard/api/session')).json.member.id).toBe(me);
    expect((await browser.call('GET', '/dashboard/api/v1/me')).json.member.network_connected).toBe(true);
  });

  it('forgets ended and expired sessions a day after their end (the daily housekeeping)', async () => {
    const browser = new BrowserClient(dashboard.origin);
    await browser.sandboxSignIn({ name: 'Forgotten' });
    const id = (await browser.call('GET', '/dashboard/api/session')).json.session.id as string;
    await dashboard.runtime.db.session.update({ where: { id }, data: { endedAt: new Date(Date.now() - 2 * 86_400_000) } });
    const live = await dashboard.runtime.db.session.count({ where: { endedAt: null } });
    expect(await dashboard.runtime.repositories.purgeSignInRecords(new Date(Date.now() - 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await dashboard.runtime.db.session.findUnique({ where: { id } })).toBeNull();
    expect(await dashboard.runtime.db.session.count({ where: { endedAt: null } })).toBe(live);
  });

  it('ends a session at its idle end and at its absolute end, whatever the cookie says', async () => {
    const browser = new BrowserClient(dashboard.origin);
    await browser.sandboxSignIn({ name: 'Sleepy' });
    const id = (await browser.call('GET', '/dashboard/api/session')).json.session.id as string;
    await dashboard.runtime.db.session.update({ where: { id }, data: { idleExpiresAt: new Date(Date.now() - 1) } });
    expect((await browser.call('GET', '/dashboard/api/session')).status).toBe(401);
    await browser.sandboxSignIn({ name: 'Sleepy' });
    const next = (await browser.call('GET', '/dashboard/api/session')).json.session.id as string;
    await dashboard.runtime.db.session.update({ where: { id: next }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await browser.call('GET', '/dashboard/api/session')).status).toBe(401);
  });
});
