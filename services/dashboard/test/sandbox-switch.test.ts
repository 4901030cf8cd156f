import { newOpaqueToken } from '@lps/crypto';
import { insertSignInLink } from '@lps/db';
import { RedisSandboxStore, SANDBOX_REFUSAL_KINDS, SandboxNetwork } from '@lps/network';
import { createTestMember, startFakeLinkedIn, type FakeLinkedIn } from '@lps/testing';
import { BrowserClient } from './support/browser-client.js';
import { startTestDashboard, type TestDashboard } from './support/dashboard-harness.js';

// The sandbox's failure switch on the dashboard (decision 0038): the member arms a LinkedIn refusal for
// their own next publication, sees it armed, takes it back. The publication side (every kind, end to
// end through the publisher) is services/publisher/test/sandbox-refusals.test.ts.

describe('the sandbox switch (LPS_NETWORK=sandbox)', () => {
  let dashboard: TestDashboard;
  beforeAll(async () => {
    dashboard = await startTestDashboard({ LPS_SIGN_IN_LIMIT: '1000/60' });
  });
  afterAll(() => dashboard.stop());

  const signedIn = async (name: string) => {
    const browser = new BrowserClient(dashboard.origin);
    await browser.sandboxSignIn({ name });
    return { browser, memberId: (await browser.call('GET', '/dashboard/api/session')).json.member.id as string };
  };
  /** The network as the publisher sees it: the sandbox's state in this runtime's Redis. */
  const network = () => new SandboxNetwork(new RedisSandboxStore(dashboard.runtime.redis, dashboard.runtime.config.redis.prefix), { publishAttempts: 1 });

  it('offers every kind with a label and a description; arming shows it armed; the next publication meets it, once', async () => {
    const { browser, memberId } = await signedIn('Switch Ada');
    const before = await browser.call('GET', '/dashboard/api/sandbox');
    expect(before.status).toBe(200);
    expect(before.json.armed).toBeNull();
    expect(before.json.kinds.map((kind: { kind: string }) => kind.kind)).toEqual([...SANDBOX_REFUSAL_KINDS]);
    for (const kind of before.json.kinds) expect(Object.keys(kind).sort()).toEqual(['description', 'kind', 'label']);

    expect((await browser.call('POST', '/dashboard/api/sandbox/fail-next', { error: 'expired_token' })).status).toBe(204);
    expect((await browser.call('GET', '/dashboard/api/sandbox')).json.armed).toBe('expired_token');
    const account = { memberId, personUrn: `urn:li:person:sandbox-${memberId}` };
    await expect(network().publishPost(account, { commentary: 'refused', reference: 'switch-1' })).rejects.toMatchObject({
      kind: 'unauthorized',
      status: 401,
      code: 'EXPIRED_ACCESS_TOKEN',
    });
    expect((await browser.call('GET', '/dashboard/api/sandbox')).json.armed).toBeNull();
    expect((await network().publishPost(account, { commentary: 'goes out', reference: 'switch-2' })).urn).toMatch(/^urn:li:share:\d+$/);
  });

  it("arms the signed-in member's publication only, and DELETE takes it back", async () => {
    const ada = await signedIn('Switch Ada Two');
    const bob = await signedIn('Switch Bob');
    await ada.browser.call('POST', '/dashboard/api/sandbox/fail-next', { error: 'server_error' });
    expect((await bob.browser.call('GET', '/dashboard/api/sandbox')).json.armed).toBeNull();
    expect((await network().publishPost({ memberId: bob.memberId, personUrn: 'urn:li:person:bob' }, { commentary: 'bob', reference: 'switch-bob' })).urn).toBeDefined();
    expect((await ada.browser.call('DELETE', '/dashboard/api/sandbox/fail-next')).status).toBe(204);
    expect((await ada.browser.call('GET', '/dashboard/api/sandbox')).json.armed).toBeNull();
    // Nothing armed: DELETE is still 204.
    expect((await ada.browser.call('DELETE', '/dashboard/api/sandbox/fail-next')).status).toBe(204);
  });

  it.each([
    ['an unknown kind', { error: 'meteor_strike' }],
    ['no kind', {}],
    ['a number', { error: 7 }],
    ['an extra field', { error: 'duplicate', member_id: '00000000-0000-4000-8000-000000000000' }],
    ['markup', { error: '<script>alert(1)</script>' }],
  ])('%s is 422 validation_error, nothing armed', async (_what, body) => {
    const { browser } = await signedIn(`Switch Hostile ${JSON.stringify(body).length}`);
    const answer = await browser.call('POST', '/dashboard/api/sandbox/fail-next', body);
    expect([answer.status, answer.json.error.code]).toEqual([422, 'validation_error']);
    expect((await browser.call('GET', '/dashboard/api/sandbox')).json.armed).toBeNull();
  });

  it('needs a session and a same-origin request', async () => {
    expect((await new BrowserClient(dashboard.origin).call('GET', '/dashboard/api/sandbox')).status).toBe(401);
    const { browser } = await signedIn('Switch Csrf');
    const crossSite = await browser.request('/dashboard/api/sandbox/fail-next', {
      method: 'POST',
      site: 'same-site',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ error: 'duplicate' }),
    });
    expect(crossSite.status).toBe(403);
    expect((await browser.call('GET', '/dashboard/api/sandbox')).json.armed).toBeNull();
  });
});

describe('the sandbox switch on LinkedIn (LPS_NETWORK=linkedin)', () => {
  let fake: FakeLinkedIn;
  let dashboard: TestDashboard;
  beforeAll(async () => {
    fake = await startFakeLinkedIn();
    dashboard = await startTestDashboard({ ...fake.env, LPS_SIGN_IN_LIMIT: '1000/60' });
  });
  afterAll(async () => {
    await dashboard.stop();
    await fake.close();
  });

  it('is 404: there is no sandbox to switch', async () => {
    const member = await createTestMember(dashboard.runtime);
    const { token, hash } = newOpaqueToken();
    await insertSignInLink(dashboard.runtime.db, { memberId: member.memberId, tokenHash: hash, expiresAt: new Date(Date.now() + 60_000) });
    const browser = new BrowserClient(dashboard.origin);
    expect((await browser.call('POST', '/dashboard/api/sign-in/link', { token })).status).toBe(204);
    expect((await browser.call('GET', '/dashboard/api/sandbox')).status).toBe(404);
    expect((await browser.call('POST', '/dashboard/api/sandbox/fail-next', { error: 'duplicate' })).status).toBe(404);
    expect((await browser.call('DELETE', '/dashboard/api/sandbox/fail-next')).status).toBe(404);
  });
});
