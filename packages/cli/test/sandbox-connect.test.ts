import { runCli } from '@lps/cli';
import { forgetMemberGrants } from '@lps/db';
import { createTestMember, createTestRuntime, type TestRuntime } from '@lps/testing';

// `lps member connect` with LPS_NETWORK=sandbox (the default): the way back the publish error
// names after a member disconnected (DELETE /me/connection) must really connect them again.

let test: TestRuntime;
const saved = { ...process.env };

beforeAll(async () => {
  test = await createTestRuntime();
  Object.assign(process.env, { DATABASE_URL: test.database.url, LOG_LEVEL: 'silent' });
  delete process.env.LPS_NETWORK;
});
afterAll(async () => {
  process.env = saved;
  await test.cleanup();
});

async function cli(...argv: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runCli(argv, (text) => lines.push(text));
  return { code, lines };
}

const listed = async (memberId: string) => (await cli('member', 'list')).lines.find((line) => line.startsWith(memberId));

describe('lps member connect (LPS_NETWORK=sandbox)', () => {
  it('connects a member who disconnected again, at once, and member list says so', async () => {
    const member = await createTestMember(test.runtime);
    await forgetMemberGrants(test.runtime.db, member.memberId, new Date());
    expect(await listed(member.memberId)).toMatch(/ not connected$/);

    const { code, lines } = await cli('member', 'connect', member.memberId);
    expect([code, lines]).toEqual([0, [`member ${member.memberId} is connected to the sandbox network again`]]);
    expect(await listed(member.memberId)).toMatch(/ connected$/);
    expect(await listed(member.memberId)).not.toMatch(/not connected/);
  });

  it('--json prints one JSON object, also when the member was connected already (nothing changes then)', async () => {
    const member = await createTestMember(test.runtime);
    const again = await cli('member', 'connect', member.memberId, '--json');
    expect([again.code, again.lines.map((line) => JSON.parse(line) as unknown)]).toEqual([
      0,
      [{ member_id: member.memberId, network: 'sandbox', connected: true, was_connected: true }],
    ]);
    await forgetMemberGrants(test.runtime.db, member.memberId, new Date());
    const back = await cli('member', 'connect', member.memberId, '--json');
    expect(JSON.parse(back.lines[0] as string)).toEqual({ member_id: member.memberId, network: 'sandbox', connected: true, was_connected: false });
  });

  it('--analytics is a usage error: the sandbox has no analytics app to connect', async () => {
    const member = await createTestMember(test.runtime);
    expect((await cli('member', 'connect', member.memberId, '--analytics')).code).toBe(2);
  });
});
