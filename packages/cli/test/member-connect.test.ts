import { runCli } from '@lps/cli';
import { jest } from '@jest/globals';
import { flagPostsScheduledPastReconnect, spendOAuthState } from '@lps/db';
import { readOAuthState } from '@lps/network';
import { createTestMember, createTestPost, createTestRuntime, startFakeLinkedIn, type FakeLinkedIn, type TestRuntime } from '@lps/testing';

let fake: FakeLinkedIn;
let test: TestRuntime;
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startFakeLinkedIn();
  test = await createTestRuntime(fake.env);
  Object.assign(process.env, fake.env, { DATABASE_URL: test.database.url, LOG_LEVEL: 'silent' });
});
afterAll(async () => {
  process.env = saved;
  await test.cleanup();
  await fake.close();
});

/** What the callback does with a state: check our signature, then spend it once. */
async function spendState(state: string) {
  const claims = readOAuthState(state, test.runtime.keyring);
  if (!claims || !(await spendOAuthState(test.runtime.db, claims.stateId, claims.memberId, new Date()))?.spent) return undefined;
  return { memberId: claims.memberId, replace: claims.replace, analytics: claims.analytics };
}

async function cli(...argv: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runCli(argv, (text) => lines.push(text));
  return { code, lines };
}

describe('lps member connect / connections (LPS_NETWORK=linkedin)', () => {
  it('prints an authorize URL whose signed state is accepted once by the callback logic', async () => {
    const member = await createTestMember(test.runtime);
    const { code, lines } = await cli('member', 'connect', member.memberId, '--json');
    expect(code).toBe(0);
    const url = new URL(JSON.parse(lines[0] as string).authorize_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.oauthBaseUrl}/authorization`);
    expect(url.searchParams.get('client_id')).toBe('fake-client-id');
    expect(url.search).toContain('scope=openid%20profile%20email%20w_member_social');
    const state = url.searchParams.get('state') as string;
    expect(await spendState(state)).toEqual({ memberId: member.memberId, replace: false, analytics: false });
    expect(await spendState(state)).toBeUndefined();
  });

  it('flags tokens that expire within the warning window', async () => {
    const member = await createTestMember(test.runtime);
    await test.runtime.db.networkConnection.create({
      data: { memberId: member.memberId, provider: 'linkedin', personUrn: 'urn:li:person:x', connectedAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000) },
    });
    const { lines } = await cli('member', 'connections', '--json');
    const entry = JSON.parse(lines[0] as string).data.find((row: { member_id: string }) => row.member_id === member.memberId);
    expect(entry).toMatchObject({ connected: true, expires_soon: true });
  });

  it("--analytics prints the analytics app's authorize URL (its client id, r_member_postAnalytics only) and a state the callback knows is for that app", async () => {
    const member = await createTestMember(test.runtime);
    const { code, lines } = await cli('member', 'connect', member.memberId, '--analytics', '--json');
    expect(code).toBe(0);
    const url = new URL(JSON.parse(lines[0] as string).authorize_url);
    expect(url.searchParams.get('client_id')).toBe(fake.env.LINKEDIN_ANALYTICS_CLIENT_ID);
    expect(url.searchParams.get('scope')).toBe('r_member_postAnalytics');
    expect(url.searchParams.get('redirect_uri')).toBe(fake.env.LINKEDIN_REDIRECT_URI);
    const state = url.searchParams.get('state') as string;
    expect(await spendState(state)).toEqual({ memberId: member.memberId, replace: false, analytics: true });
  });

  it('--analytics without LINKEDIN_ANALYTICS_CLIENT_ID is a usage error naming the variables', async () => {
    const member = await createTestMember(test.runtime);
    const kept = { id: process.env.LINKEDIN_ANALYTICS_CLIENT_ID, secret: process.env.LINKEDIN_ANALYTICS_CLIENT_SECRET };
    delete process.env.LINKEDIN_ANALYTICS_CLIENT_ID;
    delete process.env.LINKEDIN_ANALYTICS_CLIENT_SECRET;
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect((await cli('member', 'connect', member.memberId, '--analytics')).code).toBe(2);
      expect(stderr.mock.calls.map(([text]) => String(text)).join('')).toContain('LINKEDIN_ANALYTICS_CLIENT_ID');
    } finally {
      stderr.mockRestore();
      Object.assign(process.env, { LINKEDIN_ANALYTICS_CLIENT_ID: kept.id, LINKEDIN_ANALYTICS_CLIENT_SECRET: kept.secret });
    }
  });

  it("connections list each grant's scopes, the analytics app's grant, and posts scheduled after the connection ends", async () => {
    const member = await createTestMember(test.runtime);
    const end = new Date(Date.now() + 3 * 86_400_000);
    await test.runtime.db.networkConnection.create({
      data: { memberId: member.memberId, provider: 'linkedin', personUrn: 'urn:li:person:y', scopes: 'openid profile w_member_social', connectedAt: new Date(), expiresAt: end },
    });
    await test.runtime.db.analyticsConnection.create({
      data: { memberId: member.memberId, accessTokenEnc: test.runtime.keyring.encrypt('t'), scopes: 'r_member_postAnalytics', connectedAt: new Date(), expiresAt: end },
    });
    const post = await createTestPost(test.runtime, member.memberId, { status: 'approved' });
    await test.runtime.db.post.update({ where: { id: post.id }, data: { status: 'scheduled', scheduledAt: new Date(end.getTime() + 86_400_000) } });
    await flagPostsScheduledPastReconnect(test.runtime.db, member.memberId);
    const { lines } = await cli('member', 'connections', '--json');
    const entry = JSON.parse(lines[0] as string).data.find((row: { member_id: string }) => row.member_id === member.memberId);
    expect(entry).toMatchObject({
      scopes: ['openid', 'profile', 'w_member_social'],
      expires_at: end.toISOString(),
      expires_soon: true,
      scheduled_after_expiry: 1,
      analytics: { connected: true, scopes: ['r_member_postAnalytics'], expires_at: end.toISOString() },
    });
    const text = (await cli('member', 'connections')).lines.find((line) => line.startsWith(member.memberId));
    expect(text).toContain('1 POST(S) SCHEDULED AFTER IT ENDS');
  });

  it('an unknown member is a usage error (exit 2)', async () => {
    expect((await cli('member', 'connect', '00000000-0000-4000-8000-000000000000')).code).toBe(2);
  });
});
