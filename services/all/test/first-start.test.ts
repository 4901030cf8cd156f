import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, copyFile, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { databaseUrlFor, dropDatabaseNamed, repoRoot } from '@lps/testing';
import { freePort, startInShell, userEnvironment, waitForHealth, waitForOutput, type StartedService } from './support/user-session.js';

// The very first `npm start`, as the README says it, on what a fresh clone holds: the repository's
// files and nothing else (no node_modules, no .lps-bootstrap, no build, no .data, a database that
// does not exist yet). Everything it prints must be something a person acts on (decision 0028):
// progress lines of its own, and the one warning about LPS_ENCRYPTION_KEY. What it used to print
// besides — pnpm's "Failed to create bin" and "Ignored build scripts" box, Prisma's "The values from
// your schema will NOT be used!", "health port 9464 is in use" — read like failures and are gone.
// This test installs and builds the whole workspace: it takes minutes.

const databaseName = `lps_first_${process.pid}_${randomBytes(3).toString('hex')}`;
let clone: string;
let service: StartedService;
let healthPortHolder: Server | undefined;

/** The files a clone of the working tree has: tracked ones and new ones not ignored. */
async function copyWorkingTree(to: string): Promise<void> {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const from = join(repoRoot, file);
    const mode = await stat(from).catch(() => undefined);
    // A tracked file deleted in the working tree is not in a clone of it either.
    if (!mode?.isFile()) continue;
    await mkdir(dirname(join(to, file)), { recursive: true });
    await copyFile(from, join(to, file));
    await chmod(join(to, file), mode.mode);
  }
}

/** Holds the default health port while lps starts, unless something on this machine already does: it is taken either way. */
function holdPort(port: number): Promise<Server | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

beforeAll(async () => {
  clone = await mkdtemp(join(tmpdir(), 'lps-first-start-'));
  await copyWorkingTree(clone);
  healthPortHolder = await holdPort(9464);
  const port = await freePort();
  const env = userEnvironment({ PORT: String(port), DATABASE_URL: databaseUrlFor(databaseName), LPS_REDIS_PREFIX: `first${process.pid}` });
  service = startInShell('npm start', env, clone);
  await waitForHealth(`http://127.0.0.1:${port}/api/v1`, service, 15 * 60_000);
  // The API answers before the workers have started: the last line of a start is `lps started`.
  await waitForOutput(service, /lps started/);
}, 16 * 60_000);

afterAll(async () => {
  await service?.interrupt();
  await new Promise((resolve) => (healthPortHolder ? healthPortHolder.close(resolve) : resolve(undefined)));
  await dropDatabaseNamed(databaseName);
  if (clone) await rm(clone, { recursive: true, force: true });
});

describe('the first npm start on a fresh clone', () => {
  it('prints none of the lines that read like failures', () => {
    const output = service.output();
    for (const line of ['Failed to create bin', 'Ignored build scripts', 'will NOT be used', 'is in use', 'approve-builds'])
      expect([line, output.includes(line)]).toEqual([line, false]);
  });

  it('warns only about what a person must act on: the encryption key', () => {
    const lines = service.output().split('\n');
    const alarming = lines.filter((line) => /warn|error|fail|not be used|deprecat/i.test(line));
    expect(alarming).toEqual([
      expect.stringMatching(/warn \[lps\] LPS_ENCRYPTION_KEY is not set: using the key generated in .*\. Set LPS_ENCRYPTION_KEY before storing real secrets\.$/),
    ]);
  });

  it('still says where the API and the health port are, in lines of its own', () => {
    const output = service.output();
    expect(output).toMatch(/\[lps\] installing workspace dependencies with pnpm/);
    expect(output).toMatch(/\[lps\] applying \d+ database migrations/);
    expect(output).toMatch(/lps is running: http:\/\/127\.0\.0\.1:\d+\/ \(the dashboard; API: \/api\/v1/);
    // 9464 is held (by this test, or by something else on the machine): the fallback is said as information.
    expect(output).toMatch(/info \[lps\] health port \d+: \/health \/ready \/metrics \(port 9464 was taken/);
  });
});
