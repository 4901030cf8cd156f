import { request as httpRequest } from 'node:http';
import { signOAuthState } from '@lps/network';
import { createTestMember, createTestPost, startFakeLinkedIn, startLoopbackServer, type FakeLinkedIn, type LoopbackServer, type TestMember } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

// Issue 29, item 1: a member connects LinkedIn from the product's own page, by API. The
// member's browser is played with Node's fetch: it follows our authorize URL to the fake
// LinkedIn, approves, comes back to our callback and is sent on to the product's page,
// which is a real server on loopback that records what it was handed.

let fake: FakeLinkedIn;
let api: TestApi;
let productPage: LoopbackServer;
const pageVisits: URL[] = [];
let returnTo: string;

const origin = () => api.baseUrl.replace(/\/api\/v1$/, '');

beforeAll(async () => {
  fake = await startFakeLinkedIn();
  productPage = await startLoopbackServer((req, res) => {
    pageVisits.push(new URL(req.url ?? '/', productPage.url));
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Your LinkedIn settings</h1>');
  });
  returnTo = `${productPage.url}/settings/linkedin`;
  api = await startTestApi({ ...fake.env, LPS_CONNECT_RETURN_URLS: `${returnTo},https://app.example.com/connected` });
});
afterAll(async () => {
  await api?.stop();
  await productPage?.close();
  await fake?.close();
});

const links = (member: TestMember, to: unknown = returnTo) => api.http.post('/me/connection/links').set('Authorization', member.auth).send({ return_to: to });
const me = async (member: TestMember) => (await api.http.get('/me').set('Authorization', member.auth).expect(200)).body.member;
const connection = async (member: TestMember) => (await api.http.get('/me/connection').set('Authorization', member.auth).expect(200)).body.connection;

/** LinkedIn redirects to its registered redirect URI (port 3000); the browser's next request is that path on our API. */
const onOurOrigin = (location: string) => {
  const back = new URL(location);
  return `${origin()}${back.pathname}${back.search}`;
};

/** The member's browser: our authorize URL → LinkedIn (signed in as `sub`, approving or not) → our callback. */
async function signIn(authorizeUrl: string, sub: string, decline = false): Promise<Response> {
  fake.state.browserPerson = { sub, name: `Person ${sub}` };
  const atLinkedIn = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(atLinkedIn.status).toBe(302);
  const callback = new URL(onOurOrigin(atLinkedIn.headers.get('location') as string));
  if (decline) {
    callback.searchParams.delete('code');
    callback.searchParams.set('error', 'user_cancelled_authorize');
    callback.searchParams.set('error_description', 'The user cancelled the authorization');
  }
  return fetch(callback, { redirect: 'manual' });
}

/** Follows the callback's 303 to the product page, as the browser does, and returns what the page was given. */
async function landOnPage(callbackAnswer: Response): Promise<URL> {
  expect(callbackAnswer.status).toBe(303);
  expect(callbackAnswer.headers.get('referrer-policy')).toBe('no-referrer');
  const location = callbackAnswer.headers.get('location') as string;
  const page = await fetch(location);
  expect(page.status).toBe(200);
  return pageVisits.at(-1) as URL;
}

const shareLink = (body: any) => body.links.find((link: any) => link.grant === 'share').authorize_url as string;
const analyticsLink = (body: any) => body.links.find((link: any) => link.grant === 'analytics').authorize_url as string;

describe("a member connects from the product's page", () => {
  it('gets links by API, signs in at LinkedIn, lands on return_to with lps_connection=connected, and GET /me says connected', async () => {
    const member = await createTestMember(api.runtime);
    expect((await me(member)).network_connected).toBe(false);
    const answer = await links(member, `${returnTo}?tab=social`).expect(201);
    expect(answer.body).toMatchObject({ connected_as: null, links: [{ grant: 'share' }, { grant: 'analytics' }] });
    for (const link of answer.body.links) expect(Date.parse(link.expires_at) - Date.now()).toBeGreaterThan(29 * 60_000);

    const landed = await landOnPage(await signIn(shareLink(answer.body), 'ada-self'));
    expect(`${landed.origin}${landed.pathname}`).toBe(returnTo);
    expect(Object.fromEntries(landed.searchParams)).toEqual({ tab: 'social', lps_connection: 'connected', lps_grant: 'share' });
    expect(await me(member)).toMatchObject({ network_connected: true, network_connection_expires_at: expect.any(String) });

    const analytics = await landOnPage(await signIn(analyticsLink(answer.body), 'ada-self'));
    expect(Object.fromEntries(analytics.searchParams)).toMatchObject({ lps_connection: 'connected', lps_grant: 'analytics' });
    expect(await connection(member)).toMatchObject({
      network: 'linkedin',
      share: { connected: true, person_urn: 'urn:li:person:ada-self', disconnect_reason: null },
      analytics: { connected: true, expires_at: expect.any(String) },
    });
    const again = await links(member).expect(201);
    expect(again.body.connected_as).toBe('urn:li:person:ada-self');
  });

  it('a member who declines at LinkedIn lands on return_to with lps_error=cancelled and stays unconnected', async () => {
    const member = await createTestMember(api.runtime);
    const answer = await links(member).expect(201);
    const landed = await landOnPage(await signIn(shareLink(answer.body), 'declines', true));
    expect(Object.fromEntries(landed.searchParams)).toEqual({ lps_connection: 'failed', lps_grant: 'share', lps_error: 'cancelled' });
    expect((await me(member)).network_connected).toBe(false);
  });

  it("the page's own lps_* parameters cannot forge an outcome: the callback sets them", async () => {
    const member = await createTestMember(api.runtime);
    const answer = await links(member, `${returnTo}?lps_connection=connected&lps_error=`).expect(201);
    const landed = await landOnPage(await signIn(shareLink(answer.body), 'forger', true));
    expect(landed.searchParams.getAll('lps_connection')).toEqual(['failed']);
    expect(landed.searchParams.getAll('lps_error')).toEqual(['cancelled']);
  });
});

describe('return_to', () => {
  // The page's own URL is known only once its server listens: each case is a function of it.
  it.each<[string, (page: string) => string, string]>([
    ['a foreign origin', () => 'https://evil.example.com/settings/linkedin', 'unprocessable'],
    ['the right host on another port', (page) => page.replace(/:(\d+)\//, (_m, port: string) => `:${Number(port) + 1}/`), 'unprocessable'],
    ['a path beside the allowed one', (page) => `${page}-evil`, 'unprocessable'],
    ['userinfo', (page) => page.replace('http://', 'http://127.0.0.1@'), 'validation_error'],
    ['a backslash', (page) => page.replace('/settings', '\\settings'), 'validation_error'],
    ['protocol-relative', () => '//evil.example.com/settings/linkedin', 'validation_error'],
    ['javascript:', () => 'javascript:alert(1)', 'validation_error'],
    ['a NUL byte', (page) => `${page}\u0000`, 'validation_error'],
    ['malformed escapes', (page) => `${page}/%zz`, 'validation_error'],
    // The URL parser resolves %2e%2e as a dot segment: the path leaves the prefix.
    ['encoded dot segments', (page) => `${page}/%2e%2e/%2e%2e/admin`, 'unprocessable'],
    ['a look-alike (IDN) host', () => 'https://\u0430pp.example.com/connected', 'unprocessable'],
  ])('%s is refused with 422 and no link is made', async (_what, candidate, code) => {
    const member = await createTestMember(api.runtime);
    const answer = await links(member, candidate(returnTo)).expect(422);
    expect(answer.body.error).toMatchObject({ code, details: { return_to: expect.any(String) } });
    expect(await api.runtime.db.oAuthState.count({ where: { memberId: member.memberId } })).toBe(0);
  });

  it.each([
    ['a number', 42],
    ['null', null],
    ['an object', { href: 'x' }],
    ['100 000 characters', `https://app.example.com/connected/${'a'.repeat(100_000)}`],
  ])('%s is a validation_error', async (_what, candidate) => {
    const member = await createTestMember(api.runtime);
    expect((await links(member, candidate).expect(422)).body.error.code).toBe('validation_error');
  });

  it('is required, and unknown fields are refused', async () => {
    const member = await createTestMember(api.runtime);
    await api.http.post('/me/connection/links').set('Authorization', member.auth).send({}).expect(422);
    await api.http.post('/me/connection/links').set('Authorization', member.auth).send({ return_to: returnTo, replace: true }).expect(422);
  });

  it('without LPS_CONNECT_RETURN_URLS no member can ask for a link: 422 unprocessable naming the variable', async () => {
    const member = await createTestMember(api.runtime);
    const settings = api.runtime.config.network.connect;
    const configured = settings.returnUrls;
    settings.returnUrls = [];
    try {
      const answer = await links(member).expect(422);
      expect(answer.body.error).toMatchObject({ code: 'unprocessable', message: expect.stringContaining('LPS_CONNECT_RETURN_URLS') });
    } finally {
      settings.returnUrls = configured;
    }
  });

  it('a return_to the operator removed from the list after the link was made ends on our page, not there', async () => {
    const member = await createTestMember(api.runtime);
    const answer = await links(member).expect(201);
    const settings = api.runtime.config.network.connect;
    const configured = settings.returnUrls;
    settings.returnUrls = configured.filter((entry) => !returnTo.startsWith(entry.origin));
    try {
      const callback = await signIn(shareLink(answer.body), 'removed-page');
      expect([callback.status, callback.headers.get('location')]).toEqual([200, null]);
      expect(await callback.text()).toContain('Connected to LinkedIn');
    } finally {
      settings.returnUrls = configured;
    }
  });

  it('an unauthenticated request is 401, as everywhere', async () => {
    await api.http.post('/me/connection/links').send({ return_to: returnTo }).expect(401);
    await api.http.get('/me/connection').expect(401);
  });
});

describe('the callback under replay and attack', () => {
  it('a replayed callback lands on return_to with lps_error=link_expired and changes nothing', async () => {
    const member = await createTestMember(api.runtime);
    const answer = await links(member).expect(201);
    fake.state.browserPerson = { sub: 'replayed', name: 'Replayed' };
    const atLinkedIn = await fetch(shareLink(answer.body), { redirect: 'manual' });
    const callback = onOurOrigin(atLinkedIn.headers.get('location') as string);
    expect((await landOnPage(await fetch(callback, { redirect: 'manual' }))).searchParams.get('lps_connection')).toBe('connected');
    const before = await api.runtime.db.networkConnection.findUniqueOrThrow({ where: { memberId: member.memberId } });
    const replay = await landOnPage(await fetch(callback, { redirect: 'manual' }));
    expect(Object.fromEntries(replay.searchParams)).toMatchObject({ lps_connection: 'failed', lps_error: 'link_expired' });
    expect(await api.runtime.db.networkConnection.findUniqueOrThrow({ where: { memberId: member.memberId } })).toEqual(before);
  });

  it('two callbacks racing with one state: one connects, the other is link_expired', async () => {
    const member = await createTestMember(api.runtime);
    const answer = await links(member).expect(201);
    fake.state.browserPerson = { sub: 'racer', name: 'Racer' };
    const callback = new URL(onOurOrigin((await fetch(shareLink(answer.body), { redirect: 'manual' })).headers.get('location') as string));
    const second = new URL(callback);
    second.searchParams.set('code', fake.state.issueCode({ sub: 'racer' }));
    const outcomes = await Promise.all(
      [callback, second].map(async (url) => new URL((await fetch(url, { redirect: 'manual' })).headers.get('location') as string).searchParams.get('lps_error')),
    );
    expect(outcomes.sort()).toEqual(['link_expired', null]);
  });

  it('an expired link lands on return_to with lps_error=link_expired', async () => {
    const member = await createTestMember(api.runtime);
    const answer = await links(member).expect(201);
    await api.runtime.db.oAuthState.updateMany({ where: { memberId: member.memberId }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    const landed = await landOnPage(await signIn(shareLink(answer.body), 'too-late'));
    expect(landed.searchParams.get('lps_error')).toBe('link_expired');
    expect((await me(member)).network_connected).toBe(false);
  });

  it("another member's state (their row, our member id, signed with our own key) is refused on our page: nothing redirected, nothing connected", async () => {
    const victim = await createTestMember(api.runtime);
    const attacker = await createTestMember(api.runtime);
    await links(victim).expect(201);
    const victimRow = await api.runtime.db.oAuthState.findFirstOrThrow({ where: { memberId: victim.memberId } });
    const crossed = signOAuthState({ stateId: victimRow.id, memberId: attacker.memberId, replace: false, analytics: false }, api.runtime.keyring);
    const answer = await fetch(`${origin()}/oauth/linkedin/callback?${new URLSearchParams({ state: crossed, code: fake.state.issueCode() })}`, { redirect: 'manual' });
    expect([answer.status, answer.headers.get('location')]).toEqual([400, null]);
    for (const member of [victim, attacker]) expect(await api.runtime.db.networkConnection.findUnique({ where: { memberId: member.memberId } })).toBeNull();
    expect((await api.runtime.db.oAuthState.findUniqueOrThrow({ where: { id: victimRow.id } })).usedAt).toBeNull();
  });

  it("a member's link can never replace a connection to another LinkedIn person: lps_error=connected_elsewhere, nothing changed", async () => {
    const member = await createTestMember(api.runtime);
    await landOnPage(await signIn(shareLink((await links(member).expect(201)).body), 'the-owner'));
    const before = await api.runtime.db.networkConnection.findUniqueOrThrow({ where: { memberId: member.memberId } });
    const landed = await landOnPage(await signIn(shareLink((await links(member).expect(201)).body), 'an-intruder'));
    expect(Object.fromEntries(landed.searchParams)).toMatchObject({ lps_connection: 'failed', lps_error: 'connected_elsewhere' });
    expect(await api.runtime.db.networkConnection.findUniqueOrThrow({ where: { memberId: member.memberId } })).toEqual(before);
  });

  /** Raw bytes on the wire: what fetch would refuse to send. */
  function rawGet(path: string): Promise<{ status: number; location: string | undefined }> {
    return new Promise((resolve, reject) => {
      const target = new URL(origin());
      const request = httpRequest({ host: target.hostname, port: target.port, path, method: 'GET' }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location }));
      });
      request.on('error', reject);
      request.end();
    });
  }

  it.each([
    ['no state', '/oauth/linkedin/callback?code=abc'],
    ['an empty state', '/oauth/linkedin/callback?state=&code=abc'],
    ['a NUL in the state', '/oauth/linkedin/callback?state=abc%00def&code=abc'],
    ['a raw NUL escape in the code', '/oauth/linkedin/callback?state=x&code=%00'],
    ['malformed escapes', '/oauth/linkedin/callback?state=%zz%E0%A4%A&code=%'],
    ['a state given twice', '/oauth/linkedin/callback?state=a&state=b&code=c'],
    ['a state as an object', '/oauth/linkedin/callback?state[s]=a&code=c'],
    ['a huge state (100 KB)', `/oauth/linkedin/callback?state=${'A'.repeat(100_000)}&code=c`],
    ['a huge error description', `/oauth/linkedin/callback?state=x&error=user_cancelled_login&error_description=${'x'.repeat(50_000)}`],
    ['a forged token', '/oauth/linkedin/callback?state=eyJzIjoiMSJ9.AAAA&code=c'],
  ])('%s: answered on our page with 4xx, never a redirect, never a 5xx', async (_what, path) => {
    const answer = await rawGet(path);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.location).toBeUndefined();
  });
});

describe('disconnecting and connecting again', () => {
  it("DELETE /me/connection forgets both grants' tokens; signing in again as the same person keeps the posts, as another needs the operator", async () => {
    const member = await createTestMember(api.runtime);
    const first = (await links(member).expect(201)).body;
    await landOnPage(await signIn(shareLink(first), 'leaves-and-returns'));
    await landOnPage(await signIn(analyticsLink(first), 'leaves-and-returns'));
    const post = await createTestPost(api.runtime, member.memberId, { body: 'kept across a disconnection' });

    await api.http.delete('/me/connection').set('Authorization', member.auth).expect(204);
    await api.http.delete('/me/connection').set('Authorization', member.auth).expect(204);
    expect(await me(member)).toMatchObject({ network_connected: false, network_connection_expires_at: null });
    expect(await connection(member)).toMatchObject({
      share: { connected: false, person_urn: 'urn:li:person:leaves-and-returns', disconnect_reason: 'disconnected by the member' },
      analytics: { connected: false, expires_at: null },
    });
    const stored = await api.runtime.db.networkConnection.findUniqueOrThrow({ where: { memberId: member.memberId } });
    expect([stored.accessTokenEnc, stored.refreshTokenEnc]).toEqual([null, null]);
    expect(await api.runtime.db.analyticsConnection.findUnique({ where: { memberId: member.memberId } })).toBeNull();
    const refused = await api.http.post(`/posts/${post.id}/publish`).set('Authorization', member.auth).expect(422);
    expect(refused.body.error.code).toBe('unprocessable');

    const someoneElse = await landOnPage(await signIn(shareLink((await links(member).expect(201)).body), 'not-the-member'));
    expect(someoneElse.searchParams.get('lps_error')).toBe('connected_elsewhere');
    expect((await me(member)).network_connected).toBe(false);

    const back = await landOnPage(await signIn(shareLink((await links(member).expect(201)).body), 'leaves-and-returns'));
    expect(back.searchParams.get('lps_connection')).toBe('connected');
    expect((await me(member)).network_connected).toBe(true);
    expect((await api.http.get(`/posts/${post.id}`).set('Authorization', member.auth).expect(200)).body.post.body).toBe('kept across a disconnection');
  });

  it("one member's DELETE does not touch another member's connection", async () => {
    const [one, other] = [await createTestMember(api.runtime), await createTestMember(api.runtime)];
    await landOnPage(await signIn(shareLink((await links(one).expect(201)).body), 'one-of-two'));
    await landOnPage(await signIn(shareLink((await links(other).expect(201)).body), 'other-of-two'));
    await api.http.delete('/me/connection').set('Authorization', one.auth).expect(204);
    expect([(await me(one)).network_connected, (await me(other)).network_connected]).toEqual([false, true]);
  });
});

describe('the MCP tools', () => {
  const mcp = async (member: TestMember, name: string, args: object = {}) => {
    const response = await fetch(`${origin()}/mcp`, {
      method: 'POST',
      headers: { Authorization: member.auth, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-03-26' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    });
    return ((await response.json()) as { result: any }).result;
  };

  it('connect_linkedin hands out the same links, refuses a foreign return_to, and disconnect_linkedin disconnects', async () => {
    const member = await createTestMember(api.runtime);
    const made = await mcp(member, 'connect_linkedin', { return_to: returnTo });
    expect(made.structuredContent.links.map((link: any) => link.grant)).toEqual(['share', 'analytics']);
    await landOnPage(await signIn(made.structuredContent.links[0].authorize_url, 'via-mcp'));
    expect((await mcp(member, 'get_linkedin_connection')).structuredContent.connection.share.connected).toBe(true);

    const refused = await mcp(member, 'connect_linkedin', { return_to: 'https://evil.example.com/' });
    expect([refused.isError, refused.structuredContent.error.code]).toEqual([true, 'unprocessable']);

    const after = await mcp(member, 'disconnect_linkedin');
    expect(after.structuredContent.connection.share).toMatchObject({ connected: false, disconnect_reason: 'disconnected by the member' });
  });
});

describe('in the sandbox', () => {
  let sandbox: TestApi;
  beforeAll(async () => {
    sandbox = await startTestApi({ LPS_CONNECT_RETURN_URLS: returnTo });
  });
  afterAll(async () => sandbox?.stop());

  it("the link is this service's callback itself: opening it connects the simulated network and lands on return_to; DELETE disconnects", async () => {
    const member = await createTestMember(sandbox.runtime);
    const meHere = async () => (await sandbox.http.get('/me').set('Authorization', member.auth).expect(200)).body.member;
    expect((await meHere()).network_connected).toBe(true);
    await sandbox.http.delete('/me/connection').set('Authorization', member.auth).expect(204);
    expect((await meHere()).network_connected).toBe(false);

    const answer = await sandbox.http.post('/me/connection/links').set('Authorization', member.auth).send({ return_to: returnTo }).expect(201);
    expect(answer.body.links).toEqual([{ grant: 'share', authorize_url: expect.stringContaining('/oauth/linkedin/callback?code=sandbox&state='), expires_at: expect.any(String) }]);
    const link = new URL(answer.body.links[0].authorize_url);
    const sandboxOrigin = sandbox.baseUrl.replace(/\/api\/v1$/, '');
    const callback = await fetch(`${sandboxOrigin}${link.pathname}${link.search}`, { redirect: 'manual' });
    const landed = await landOnPage(callback);
    expect(Object.fromEntries(landed.searchParams)).toEqual({ lps_connection: 'connected', lps_grant: 'share' });
    expect((await meHere()).network_connected).toBe(true);
    expect((await sandbox.http.get('/me/connection').set('Authorization', member.auth).expect(200)).body.connection).toMatchObject({
      network: 'sandbox',
      share: { connected: true },
      analytics: null,
    });
  });
});

describe('in the sandbox, with LPS_CONNECT_RETURN_URLS unset (decision 0028)', () => {
  // The address users reach the service at (an operator behind a proxy sets it; `npm start` makes it http://127.0.0.1:$PORT).
  const PUBLIC = 'https://lps.example.test';
  let sandbox: TestApi;
  beforeAll(async () => {
    sandbox = await startTestApi({ PUBLIC_BASE_URL: PUBLIC });
  });
  afterAll(async () => sandbox?.stop());

  it('a member who disconnected connects again with a link back to any page of the service itself, and can publish again', async () => {
    const member = await createTestMember(sandbox.runtime);
    const post = await createTestPost(sandbox.runtime, member.memberId, { body: 'Back on the network.' });
    await sandbox.http.delete('/me/connection').set('Authorization', member.auth).expect(204);
    const refused = await sandbox.http.post(`/posts/${post.id}/publish`).set('Authorization', member.auth);
    expect([refused.status, refused.body.error.message]).toEqual([
      422,
      'the member is not connected to the network: the member connects again with POST /api/v1/me/connection/links, or the operator runs lps member connect <member-id>',
    ]);

    const answer = await sandbox.http
      .post('/me/connection/links')
      .set('Authorization', member.auth)
      .send({ return_to: `${PUBLIC}/settings?tab=linkedin` })
      .expect(201);
    const link = new URL(answer.body.links[0].authorize_url);
    expect(link.origin).toBe(PUBLIC);
    const callback = await fetch(`${sandbox.baseUrl.replace(/\/api\/v1$/, '')}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(callback.status).toBe(303);
    const landed = new URL(callback.headers.get('location') as string);
    expect([landed.origin, landed.pathname, landed.searchParams.get('lps_connection')]).toEqual([PUBLIC, '/settings', 'connected']);
    expect((await sandbox.http.get('/me').set('Authorization', member.auth).expect(200)).body.member.network_connected).toBe(true);
    expect((await sandbox.http.post(`/posts/${post.id}/publish`).set('Authorization', member.auth)).status).toBe(202);
  });

  it('a return_to on another origin is still refused (no open redirect), naming what is allowed', async () => {
    const member = await createTestMember(sandbox.runtime);
    const refused = await sandbox.http.post('/me/connection/links').set('Authorization', member.auth).send({ return_to: 'https://evil.example/x' });
    expect([refused.status, refused.body.error.code, refused.body.error.details.return_to]).toEqual([
      422,
      'unprocessable',
      `not under any entry of LPS_CONNECT_RETURN_URLS (in the sandbox without it: any page of ${PUBLIC})`,
    ]);
  });
});
