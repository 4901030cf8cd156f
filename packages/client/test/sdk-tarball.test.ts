import { spawnSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqlPool } from '@lps/db';
import { databaseUrlFor, dropDatabaseNamed, repoRoot } from '@lps/testing';
import { freePort, runLpsCli, startInShell, userEnvironment, waitForHealth, type StartedService } from '../../../services/all/test/support/user-session.js';
import { png } from '../../../services/api/test/support/image-fixtures.js';

// Issue 29, items 3 and 4: @lps/client as a user meets it. `npm pack` makes the tarball, a
// scratch project outside the workspace installs it with npm (nothing else: the package has no
// dependencies), and the README's examples run there, as written, against lps started with
// `npm start`. What they did is then checked through the API.

const clientDir = join(repoRoot, 'packages', 'client');
const databaseName = `lps_sdk_${process.pid}_${randomBytes(3).toString('hex')}`;
let scratch: string;
let service: StartedService;
let baseUrl: string;
let apiKey: string;
let memberId: string;
let env: NodeJS.ProcessEnv;
const examples = new Map<string, string>();

/** The README's runnable blocks: a fenced js block whose first line names its file (`// publish.mjs`). */
async function readmeExamples(): Promise<Map<string, string>> {
  const readme = await readFile(join(clientDir, 'README.md'), 'utf8');
  const found = new Map<string, string>();
  for (const [, code] of readme.matchAll(/```js\n([\s\S]*?)```/g)) {
    const name = /^\/\/ (\S+\.(?:mjs|cjs))\n/.exec(code ?? '')?.[1];
    if (name) found.set(name, code as string);
  }
  return found;
}

function npm(args: string[], cwd: string): string {
  const result = spawnSync('npm', args, { cwd, encoding: 'utf8', env: userEnvironment({}) });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

/** Runs one example in the scratch project as its user would (`node publish.mjs`); its output. */
function runExample(name: string, timeoutMs = 40_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [name], { cwd: scratch, env: { ...userEnvironment({}), LPS_URL: baseUrl, LPS_API_KEY: apiKey } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${name} exited ${code}:\n${output}`));
    });
  });
}

async function api(path: string): Promise<any> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${apiKey}` } });
  return response.json();
}

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}/api/v1`;
  env = userEnvironment({ PORT: String(port), DATABASE_URL: databaseUrlFor(databaseName), LPS_REDIS_PREFIX: `sdk${process.pid}`, LPS_ALLOW_PRIVATE_URLS: '1' });
  service = startInShell('npm start', env);

  // Meanwhile: the tarball, and a project outside the workspace that installs it.
  scratch = await mkdtemp(join(tmpdir(), 'lps-client-user-'));
  npm(['pack', '--pack-destination', scratch], clientDir);
  const tarball = (await readdir(scratch)).find((name) => name.endsWith('.tgz')) as string;
  await writeFile(join(scratch, 'package.json'), JSON.stringify({ name: 'my-product', private: true, type: 'module' }));
  npm(['install', '--no-audit', '--no-fund', `./${tarball}`], scratch);
  for (const [name, code] of await readmeExamples()) {
    examples.set(name, code);
    await writeFile(join(scratch, name), code);
  }
  await writeFile(join(scratch, 'office.png'), await png(800, 600));

  await waitForHealth(baseUrl, service);
  const created = JSON.parse(runLpsCli(['member', 'create', '--name', 'Grace Hopper', '--json'], env));
  [apiKey, memberId] = [created.api_key, created.member.id];
}, 240_000);

afterAll(async () => {
  await service?.interrupt();
  if (scratch) await rm(scratch, { recursive: true, force: true });
  await dropDatabaseNamed(databaseName);
});

describe('the tarball', () => {
  it('is the built package alone: ESM, CommonJS, types and the document, no dependency and nothing of the workspace', async () => {
    const installed = JSON.parse(await readFile(join(scratch, 'node_modules', '@lps', 'client', 'package.json'), 'utf8'));
    expect(installed.dependencies ?? {}).toEqual({});
    expect(await readdir(join(scratch, 'node_modules'))).toEqual(['.package-lock.json', '@lps']);
    expect(await readdir(join(scratch, 'node_modules', '@lps'))).toEqual(['client']);
    const files = await readdir(join(scratch, 'node_modules', '@lps', 'client', 'dist'), { recursive: true });
    expect(files).toEqual(
      expect.arrayContaining(['esm/index.js', 'esm/index.d.ts', 'cjs/index.js', 'cjs/index.d.ts', 'cjs/package.json', 'openapi.json', 'esm/generated/webhooks/verify-delivery.js']),
    );
    expect(files.filter((file) => /\.ts$/.test(file) && !/\.d\.ts$/.test(file))).toEqual([]);
  });

  it('was generated from the document the running service serves: they are the same', async () => {
    const packed = JSON.parse(await readFile(join(scratch, 'node_modules', '@lps', 'client', 'dist', 'openapi.json'), 'utf8'));
    expect(packed).toEqual(await (await fetch(`${baseUrl}/openapi.json`)).json());
  });

  it('the README has every example the test runs', () => {
    expect([...examples.keys()].sort()).toEqual(['count.mjs', 'errors.mjs', 'publish.mjs', 'receive.mjs', 'require.cjs', 'upload.mjs']);
  });
});

describe("the README's examples, run from the scratch project against `npm start`", () => {
  it('publish.mjs: creates a post, schedules it (lps publishes it at its time), and publishes another now', async () => {
    const output = await runExample('publish.mjs');
    expect(output).toMatch(/published at its time: https:\/\/www\.linkedin\.com\/feed\/update\/urn:li:share:\d+\//);
    expect(output).toMatch(/published now: https:\/\/www\.linkedin\.com\/feed\/update\/urn:li:share:\d+\//);
    const published = (await api('/posts?status=published&limit=100')).data;
    expect(published).toHaveLength(2);
    // The scheduled one was published by the service at (not before) its time.
    const scheduled = published.find((post: any) => post.scheduled_at);
    expect(Date.parse(scheduled.published_at)).toBeGreaterThanOrEqual(Date.parse(scheduled.scheduled_at));
  });

  it('count.mjs: pages through 250 posts and more (three pages of 100), as many as the member has', async () => {
    const pool = createSqlPool(databaseUrlFor(databaseName));
    try {
      await pool.query(
        `INSERT INTO posts (id, member_id, status, idea, body, created_at, updated_at)
         SELECT gen_random_uuid(), $1, 'draft_saved', 'seeded', 'Seeded post ' || n, now() - n * interval '1 ms', now() FROM generate_series(1, 250) n`,
        [memberId],
      );
      const counted = Number(/(\d+) posts/.exec(await runExample('count.mjs'))?.[1]);
      const { rows } = await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM posts WHERE member_id = $1', [memberId]);
      expect(counted).toBe(rows[0]!.count);
      expect(counted).toBeGreaterThan(250);
    } finally {
      await pool.end();
    }
  });

  it('upload.mjs: uploads an image from a path and from a stream; the service stored both', async () => {
    const output = await runExample('upload.mjs');
    const [imageUrl, candidates] = output.trim().split(/\s+/);
    // Each upload adds the original and two fitted variants; the post holds both uploads' six.
    expect(Number(candidates)).toBe(3);
    const [newest] = (await api('/posts?limit=1')).data;
    expect(newest.image_candidates).toHaveLength(6);
    expect(newest.image_url).toBe(newest.image_candidates[3].base_url);
    const stored = await fetch(imageUrl as string);
    expect([stored.status, stored.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(
      Buffer.from(await stored.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it('errors.mjs: a missing post is a NotFoundError with code, status and request id', async () => {
    expect((await runExample('errors.mjs')).trim()).toMatch(/^not_found 404 \S+$/);
  });

  it('receive.mjs: registers an endpoint, publishes, and receives post.published, verified', async () => {
    const output = await runExample('receive.mjs');
    expect(output).toMatch(/^verified post\.published [0-9a-f-]{36}$/m);
  });

  it('require.cjs: the CommonJS build works with require()', async () => {
    expect((await runExample('require.cjs')).trim()).toBe('connected: true');
  });
});
