import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { createTestDatabase, waitFor, type TestDatabase } from '@lps/testing';
import { loadRedisSettings } from '@lps/config';
import { subscribeKeyRevocations } from '@lps/queue';
import { createDb, type Db } from '@lps/db';
import { runCli } from '@lps/cli';

const run = promisify(execFile);
const root = process.env.LPS_TEST_ROOT ?? process.cwd();

let database: TestDatabase;
let db: Db;
const savedUrl = process.env.DATABASE_URL;

beforeAll(async () => {
  database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  db = createDb(database.url, { poolSize: 1 });
});
afterAll(async () => {
  await db.$disconnect();
  await database.drop();
  // Assigning undefined to process.env would store the string "undefined".
  if (savedUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = savedUrl;
});

async function cli(...args: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runCli(args, (line) => lines.push(line));
  return { code, lines };
}

describe('lps CLI', () => {
  it('member create --json prints exactly {member, api_key, key_id} and keeps only the key hash', async () => {
    const { code, lines } = await cli('member', 'create', '--name', 'Ada Lovelace', '--headline', 'Analyst', '--json');
    expect(code).toBe(0);
    expect(lines).toHaveLength(1);
    const output = JSON.parse(lines[0] as string);
    expect(output).toEqual({
      member: { id: expect.any(String), display_name: 'Ada Lovelace', headline: 'Analyst', company_name: null, network_connected: true, network_connection_expires_at: null },
      api_key: expect.stringMatching(/^lps_[0-9a-f]{32}$/),
      key_id: expect.any(String),
    });
    const stored = await db.apiKey.findUniqueOrThrow({ where: { id: output.key_id } });
    expect(stored.keyHash).toBe(createHash('sha256').update(output.api_key).digest('hex'));
  });

  it('key create, key list and key revoke manage a member’s keys', async () => {
    const created = JSON.parse((await cli('member', 'create', '--name', 'Grace', '--json')).lines[0] as string);
    const second = JSON.parse((await cli('key', 'create', '--member', created.member.id, '--json')).lines[0] as string);
    expect(second).toEqual({ api_key: expect.stringMatching(/^lps_[0-9a-f]{32}$/), key_id: expect.any(String) });

    expect((await cli('key', 'revoke', second.key_id)).code).toBe(0);
    const listed = JSON.parse((await cli('key', 'list', '--member', created.member.id, '--json')).lines[0] as string);
    expect(listed.data).toHaveLength(2);
    const revoked = listed.data.find((key: { key_id: string }) => key.key_id === second.key_id);
    expect(revoked).toMatchObject({ last4: second.api_key.slice(-4), revoked_at: expect.any(String) });
    expect(JSON.stringify(listed)).not.toContain(second.api_key);
    expect((await cli('key', 'revoke', second.key_id)).code).toBe(2);
  });

  it('key revoke announces the revoked key id on Redis so running APIs drop it at once', async () => {
    const created = JSON.parse((await cli('member', 'create', '--name', 'Katherine', '--json')).lines[0] as string);
    const heard: string[] = [];
    const stop = await subscribeKeyRevocations(loadRedisSettings(), (keyId) => heard.push(keyId));
    try {
      expect((await cli('key', 'revoke', created.key_id)).code).toBe(0);
      await waitFor(() => heard.includes(created.key_id), { timeoutMs: 5_000, what: 'the revocation announcement' });
    } finally {
      await stop();
    }
  });

  it('member list shows every member', async () => {
    const { lines } = await cli('member', 'list', '--json');
    const names = JSON.parse(lines[0] as string).data.map((member: { display_name: string }) => member.display_name);
    expect(names).toEqual(expect.arrayContaining(['Ada Lovelace', 'Grace']));
  });

  it('exits 2 with usage for unknown commands, missing options and unknown members', async () => {
    expect((await cli('member', 'fly')).code).toBe(2);
    expect((await cli('member', 'create', '--json')).code).toBe(2);
    expect((await cli('key', 'create', '--member', '00000000-0000-4000-8000-000000000000')).code).toBe(2);
    expect((await cli('key', 'revoke', 'not-a-uuid')).code).toBe(2);
  });

  it('works as `npm run --silent lps -- member create … --json` with nothing but JSON on stdout', async () => {
    const { stdout } = await run('npm', ['run', '--silent', 'lps', '--', 'member', 'create', '--name', 'Via npm', '--json'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: database.url },
    });
    const output = JSON.parse(stdout);
    expect(output.member.display_name).toBe('Via npm');
    expect(output.api_key).toMatch(/^lps_[0-9a-f]{32}$/);
  }, 120_000);
});
