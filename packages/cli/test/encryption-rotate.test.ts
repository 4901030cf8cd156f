import { randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@lps/testing';
import { Keyring } from '@lps/crypto';
import { createDb, type Db } from '@lps/db';
import { runCli } from '@lps/cli';

const OLD_KEY = randomBytes(32).toString('hex');
const NEW_KEY = randomBytes(32).toString('base64');
const LOST_KEY = randomBytes(32).toString('hex');

let database: TestDatabase;
let db: Db;
const saved = { ...process.env };

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { poolSize: 1 });
  Object.assign(process.env, { DATABASE_URL: database.url, LPS_ENCRYPTION_KEY: NEW_KEY, LPS_ENCRYPTION_KEYS_PREVIOUS: OLD_KEY });
});
afterAll(async () => {
  await db.$disconnect();
  await database.drop();
  for (const name of ['DATABASE_URL', 'LPS_ENCRYPTION_KEY', 'LPS_ENCRYPTION_KEYS_PREVIOUS']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

async function rotate(): Promise<{
  code: number;
  report: { key_id: string; reencrypted: number; unreadable: number; columns: { table: string; column: string; reencrypted: number }[] };
}> {
  const lines: string[] = [];
  const code = await runCli(['encryption', 'rotate', '--json'], (line) => lines.push(line));
  return { code, report: JSON.parse(lines[0] as string) };
}

/** A member with a webhook secret and a network connection, stored the way the service stores them under `keyring`. */
async function memberWithSecrets(keyring: Keyring) {
  const member = await db.member.create({ data: { displayName: 'Ada' } });
  const endpoint = await db.webhookEndpoint.create({
    data: { memberId: member.id, url: 'https://example.com/hook', events: ['post.published'], secretEnc: keyring.encrypt('whsec_the-secret') },
  });
  await db.networkConnection.create({
    data: { memberId: member.id, provider: 'linkedin', accessTokenEnc: keyring.encrypt('access-token'), refreshTokenEnc: keyring.encrypt('refresh-token') },
  });
  return { member, endpoint };
}

describe('lps encryption rotate', () => {
  it('re-encrypts every stored secret under the new key, so the previous key can go; a second run has nothing to do', async () => {
    const { member, endpoint } = await memberWithSecrets(new Keyring(OLD_KEY));
    const newOnly = new Keyring(NEW_KEY);

    const first = await rotate();
    expect(first.code).toBe(0);
    expect(first.report).toMatchObject({ key_id: newOnly.currentKeyId, reencrypted: 3, unreadable: 0 });
    expect(first.report.columns.map((column) => `${column.table}.${column.column}`)).toEqual(
      expect.arrayContaining(['network_connections.access_token_enc', 'network_connections.refresh_token_enc', 'webhook_endpoints.secret_enc']),
    );

    // Read back with the new key alone, as the service will once LPS_ENCRYPTION_KEYS_PREVIOUS is emptied.
    const stored = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(newOnly.decrypt(stored.secretEnc)).toBe('whsec_the-secret');
    const connection = await db.networkConnection.findUniqueOrThrow({ where: { memberId: member.id } });
    expect(newOnly.decrypt(connection.accessTokenEnc as string)).toBe('access-token');
    expect(newOnly.decrypt(connection.refreshTokenEnc as string)).toBe('refresh-token');
    expect(() => new Keyring(OLD_KEY).decrypt(stored.secretEnc)).toThrow(/no key with id/);

    const again = await rotate();
    expect(again).toMatchObject({ code: 0, report: { reencrypted: 0, unreadable: 0 } });
  });

  it('pages through more values than one batch', async () => {
    const old = new Keyring(OLD_KEY);
    for (let i = 0; i < 6; i += 1) await memberWithSecrets(old);
    const member = await db.member.create({ data: { displayName: 'Many' } });
    await db.webhookEndpoint.createMany({
      data: Array.from({ length: 1_200 }, (_, i) => ({ memberId: member.id, url: `https://example.com/${i}`, events: ['idea.created'], secretEnc: old.encrypt(`whsec_${i}`) })),
    });
    const { code, report } = await rotate();
    expect(code).toBe(0);
    expect(report.reencrypted).toBe(6 * 3 + 1_200);
    const left = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM webhook_endpoints WHERE split_part(secret_enc, '.', 2) <> ${new Keyring(NEW_KEY).currentKeyId}`;
    expect(Number(left[0]?.n)).toBe(0);
  });

  it('leaves a value no given key opens as it is, says how many, and exits 1', async () => {
    const { endpoint } = await memberWithSecrets(new Keyring(LOST_KEY));
    const before = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    const { code, report } = await rotate();
    expect(code).toBe(1);
    expect(report).toMatchObject({ reencrypted: 0, unreadable: 3 });
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).secretEnc).toBe(before.secretEnc);
  });
});
