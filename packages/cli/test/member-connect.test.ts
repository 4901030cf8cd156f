import { runCli } from '@lps/cli';
import { consumeOAuthState } from '@lps/network';
import { createTestMember, createTestRuntime, startFakeLinkedIn, type FakeLinkedIn, type TestRuntime } from '@lps/testing';

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
    expect(await consumeOAuthState(test.runtime.db, test.runtime.keyring, state)).toEqual({ memberId: member.memberId, replace: false, analytics: false });
    expect(await consumeOAuthState(test.runtime.db, test.runtime.keyring, state)).toBeUndefined();
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

  it('an unknown member is a usage error (exit 2)', async () => {
    expect((await cli('member', 'connect', '00000000-0000-4000-8000-000000000000')).code).toBe(2);
  });
});
