import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, configVariables, loadConfig } from '@lps/config';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lps-config-errors-'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string>) => loadConfig({ PATH: process.env.PATH, LPS_DATA_DIR: dataDir, NODE_ENV: 'test', ...env });

/** Values a typo or a wrong paste produces; each variable refuses at least one of them. */
const GARBAGE = ['nonsense', '-1', '99999999999', 'ftp://example.com', '1.5.6', 'true-ish'];

/** Variables that take any text (names, ids, keys checked elsewhere): nothing to refuse. */
const FREE_TEXT = new Set([
  'LINKEDIN_CLIENT_ID',
  'LINKEDIN_CLIENT_SECRET',
  'LINKEDIN_SCOPES',
  'LINKEDIN_ANALYTICS_CLIENT_ID',
  'LINKEDIN_ANALYTICS_CLIENT_SECRET',
  'LINKEDIN_ANALYTICS_SCOPES',
  'OPENAI_API_KEY',
  'LPS_AI_MODEL',
  'LPS_IMAGE_MODEL',
  'LPS_DATA_DIR',
  'LPS_ENCRYPTION_KEYS_PREVIOUS',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'HOST',
  'LPS_ADMIN_USER',
]);

function refusal(name: string, value: string): string | undefined {
  try {
    load({ [name]: value });
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

describe.each(configVariables().filter((name) => !FREE_TEXT.has(name)))('%s', (name) => {
  it('refuses a wrong value with a message that names the variable', () => {
    const messages = GARBAGE.map((value) => refusal(name, value)).filter((message): message is string => message !== undefined);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).toContain(name);
  });
});

it('names every bad variable at once, not only the first', () => {
  const message = refusal('PORT', 'seventy') ?? '';
  expect(message).toContain('PORT');
  let combined = '';
  try {
    load({ PORT: 'seventy', LPS_NETWORK: 'myspace', LINKEDIN_TIMEOUT: 'soon' });
  } catch (error) {
    combined = (error as Error).message;
  }
  for (const name of ['PORT', 'LPS_NETWORK', 'LINKEDIN_TIMEOUT']) expect(combined).toContain(name);
});

it('LPS_NETWORK=linkedin without the app credentials names each missing one', () => {
  const message = refusal('LPS_NETWORK', 'linkedin') ?? '';
  for (const name of ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET', 'LINKEDIN_REDIRECT_URI']) expect(message).toContain(name);
});

it('production without LPS_ENCRYPTION_KEY is refused by name', () => {
  expect(() => loadConfig({ NODE_ENV: 'production', LPS_DATA_DIR: dataDir })).toThrow(/LPS_ENCRYPTION_KEY is required/);
});
