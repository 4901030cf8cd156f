import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { databaseUrlFor, dropDatabaseNamed, repoRoot } from '@lps/testing';

/**
 * What a user's shell has: the machine's environment without anything our test
 * runner or a developer's shell set for lps, so the service meets its defaults.
 */
export function userEnvironment(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(LPS_|JEST_|LOG_|S3_|OPENAI_|LINKEDIN_)/.test(name)) continue;
    if (['NODE_ENV', 'DATABASE_URL', 'REDIS_URL', 'PORT', 'HOST', 'PUBLIC_BASE_URL', 'NODE_OPTIONS'].includes(name)) continue;
    env[name] = value;
  }
  return { ...env, ...overrides };
}

/** A port nothing listens on right now (the journey cannot take 3000: a developer's own `npm start` may hold it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface StartedService {
  child: ChildProcess;
  output(): string;
  /** Ctrl-C as a terminal sends it: SIGINT to the whole process group; resolves with the exit code. */
  interrupt(): Promise<number | null>;
}

/** Runs a shell command line in its own process group, as a terminal would (in the repository, or in `cwd`). */
export function startInShell(command: string, env: NodeJS.ProcessEnv, cwd = repoRoot): StartedService {
  const child = spawn('bash', ['-c', command], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': the shell may end before the service it started has finished writing its last lines.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    async interrupt() {
      try {
        process.kill(-child.pid!, 'SIGINT');
      } catch {
        // already gone
      }
      return exited;
    },
  };
}

/** Polls GET /health until the API answers (the first `npm start` may still be installing or building). */
export async function waitForHealth(baseUrl: string, service: StartedService, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service.child.exitCode !== null) throw new Error(`the service exited (${service.child.exitCode}):\n${service.output().slice(-3000)}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the API did not answer /health within ${timeoutMs} ms:\n${service.output().slice(-3000)}`);
}

/** Resolves once the service has printed a line matching `pattern` (checked as its output arrives). */
export function waitForOutput(service: StartedService, pattern: RegExp, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const streams = [service.child.stdout, service.child.stderr];
    const done = (error?: Error) => {
      clearTimeout(timer);
      for (const stream of streams) stream?.off('data', check);
      service.child.off('close', closed);
      if (error) reject(error);
      else resolve();
    };
    const check = () => {
      if (pattern.test(service.output())) done();
    };
    const closed = () => done(new Error(`the service ended before printing ${pattern}:\n${service.output().slice(-3000)}`));
    const timer = setTimeout(() => done(new Error(`no ${pattern} within ${timeoutMs} ms:\n${service.output().slice(-3000)}`)), timeoutMs);
    for (const stream of streams) stream?.on('data', check);
    service.child.once('close', closed);
    check();
  });
}

/** `npm run --silent lps -- …` as the README shows it, returning stdout. */
export function runLpsCli(args: string[], env: NodeJS.ProcessEnv): string {
  const result = spawnSync('npm', ['run', '--silent', 'lps', '--', ...args], { cwd: repoRoot, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`lps ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

export const dataDirectory = (): string => join(repoRoot, '.data');

export interface ServiceAsUser {
  baseUrl: string;
  /** The user's environment the service runs in (the CLI takes it too). */
  env: NodeJS.ProcessEnv;
  service: StartedService;
  /** Ctrl-C, then the database goes. */
  stop(): Promise<void>;
}

/**
 * `npm start` exactly as the README says, with its defaults; only the port, a database and
 * Redis prefix of its own (named after `name`), and private webhook URLs (receivers run on
 * loopback) differ.
 */
export async function startAsUser(name: string): Promise<ServiceAsUser> {
  const databaseName = `lps_${name}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}/api/v1`;
  const env = userEnvironment({
    PORT: String(port),
    DATABASE_URL: databaseUrlFor(databaseName),
    LPS_REDIS_PREFIX: `${name.replace(/_/g, '')}${process.pid}`,
    LPS_ALLOW_PRIVATE_URLS: '1',
  });
  const service = startInShell('npm start', env);
  await waitForHealth(baseUrl, service);
  return {
    baseUrl,
    env,
    service,
    async stop() {
      await service.interrupt();
      await dropDatabaseNamed(databaseName);
    },
  };
}
