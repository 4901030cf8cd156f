import { hashOpaqueToken } from '@lps/crypto';
import { createTestDatabase, type TestDatabase } from '@lps/testing';
import { createDb, type Db } from '@lps/db';
import { runCli } from '@lps/cli';

let database: TestDatabase;
let db: Db;
const savedUrl = process.env.DATABASE_URL;
const savedBase = process.env.PUBLIC_BASE_URL;

beforeAll(async () => {
  database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  process.env.PUBLIC_BASE_URL = 'https://lps.example.com';
  db = createDb(database.url, { poolSize: 1 });
});
afterAll(async () => {
  await db.$disconnect();
  await database.drop();
  if (savedUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = savedUrl;
  if (savedBase === undefined) delete process.env.PUBLIC_BASE_URL;
  else process.env.PUBLIC_BASE_URL = savedBase;
});

async function cli(...args: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runCli(args, (line) => lines.push(line));
  return { code, lines };
}

const newMember = async () => JSON.parse((await cli('member', 'create', '--name', 'Scoped', '--json')).lines[0] as string).member.id as string;

describe('lps key create options and key list', () => {
  it('stores a name, a scope and an expiry given as a duration or a date, and key list shows them (never the key)', async () => {
    const memberId = await newMember();
    const before = Date.now();
    const readOnly = JSON.parse((await cli('key', 'create', '--member', memberId, '--name', 'CI reader', '--scope', 'read_only', '--expires', '90d', '--json')).lines[0] as string);
    const dated = JSON.parse((await cli('key', 'create', '--member', memberId, '--scope', 'no_publish', '--expires', '2099-01-31', '--json')).lines[0] as string);
    const stored = await db.apiKey.findUniqueOrThrow({ where: { id: readOnly.key_id } });
    expect(stored).toMatchObject({ name: 'CI reader', scope: 'read_only' });
    expect(Math.abs((stored.expiresAt as Date).getTime() - (before + 90 * 86_400_000))).toBeLessThan(60_000);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: dated.key_id } })).expiresAt?.toISOString()).toBe('2099-01-31T00:00:00.000Z');

    const listed = await cli('key', 'list', '--member', memberId, '--json');
    const data = JSON.parse(listed.lines[0] as string).data as Array<Record<string, unknown>>;
    expect(data.find((key) => key.key_id === readOnly.key_id)).toEqual({
      key_id: readOnly.key_id,
      name: 'CI reader',
      last4: readOnly.api_key.slice(-4),
      scope: 'read_only',
      created_at: expect.any(String),
      last_used_at: null,
      expires_at: (stored.expiresAt as Date).toISOString(),
      revoked_at: null,
    });
    expect(listed.lines.join('\n')).not.toContain(readOnly.api_key);
    const text = (await cli('key', 'list', '--member', memberId)).lines.join('\n');
    expect(text).toContain(`lps_…${readOnly.api_key.slice(-4)}  read_only  active until`);
    expect(text).toContain('CI reader');
  });

  it('refuses an unknown scope and an expiry that is unreadable or past, creating nothing', async () => {
    const memberId = await newMember();
    for (const args of [
      ['--scope', 'admin'],
      ['--expires', 'tomorrow'],
      ['--expires', '2001-01-01'],
      ['--expires', '0s'],
    ]) {
      const answer = await cli('key', 'create', '--member', memberId, ...args);
      expect([args.join(' '), answer.code]).toEqual([args.join(' '), 2]);
    }
    expect(await db.apiKey.count({ where: { memberId } })).toBe(1);
  });
});

describe('lps member sign-in-link', () => {
  it('prints a one-time link under PUBLIC_BASE_URL with the token in the fragment, stored only hashed, valid LPS_SIGN_IN_LINK_TTL', async () => {
    const memberId = await newMember();
    const before = Date.now();
    const { code, lines } = await cli('member', 'sign-in-link', memberId, '--json');
    expect(code).toBe(0);
    const output = JSON.parse(lines[0] as string) as { url: string; expires_at: string };
    const token = /^https:\/\/lps\.example\.com\/sign-in\/link#token=([\w-]{43})$/.exec(output.url)?.[1] as string;
    expect(token).toBeDefined();
    const stored = await db.signInLink.findFirstOrThrow({ where: { memberId } });
    expect(stored.tokenHash).toBe(hashOpaqueToken(token));
    expect(Math.abs(Date.parse(output.expires_at) - (before + 15 * 60_000))).toBeLessThan(60_000);
  });

  it('names a missing member instead of printing a link', async () => {
    const answer = await cli('member', 'sign-in-link', '00000000-0000-4000-8000-000000000000');
    expect(answer.code).toBe(2);
    expect(answer.lines).toEqual([]);
  });
});
