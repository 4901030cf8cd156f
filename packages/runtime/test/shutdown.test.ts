import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.env.LPS_TEST_ROOT ?? process.cwd();
const runtimeModule = pathToFileURL(join(root, 'packages', 'runtime', 'dist', 'index.js')).href;
const loggerModule = pathToFileURL(join(root, 'packages', 'logger', 'dist', 'index.js')).href;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lps-shutdown-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A process that runs stopOnSignals as every lps entry point does, with services
 * whose stop takes `stopMs` (or never ends). Its log goes to a file, as under a
 * process manager: an exit that does not wait for the logger loses the last lines there.
 */
function startProcess(stopMs: number | 'never', timeoutSeconds: number) {
  const script = `
    const { stopOnSignals } = await import(${JSON.stringify(runtimeModule)});
    const { createLogger } = await import(${JSON.stringify(loggerModule)});
    const logger = createLogger({ service: 'shutdown-test', format: 'json' });
    const stop = (name) => ({ name, stop: () => ${stopMs === 'never' ? 'new Promise(() => {})' : `new Promise((resolve) => setTimeout(resolve, ${stopMs}))`} });
    stopOnSignals([stop('http'), stop('worker')], async () => logger.info('shared connections closed'), logger, ${timeoutSeconds});
    setInterval(() => {}, 1000);
    console.log(JSON.stringify({ message: 'ready' }));
  `;
  const logFile = join(dir, `${Math.random().toString(36).slice(2)}.log`);
  const log = openSync(logFile, 'w');
  // Warnings and errors go to stderr: both streams into the one file, as a process manager collects them.
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', log, log] });
  const lines = (): string[] =>
    readFileSync(logFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { message: string }).message);
  const exited = once(child, 'exit').then(([code]) => ({ code: code as number | null, at: Date.now() }));
  const waitForLine = async (line: string) => {
    while (!lines().includes(line)) await sleep(20);
  };
  return { child, lines, ready: waitForLine('ready'), waitForLine, exited };
}

describe('stopOnSignals (the one shutdown path of every process)', () => {
  it('on SIGTERM stops the services in order, then the shared connections, and exits 0', async () => {
    const run = startProcess(50, 25);
    await run.ready;
    run.child.kill('SIGTERM');
    const { code } = await run.exited;
    expect(code).toBe(0);
    expect(run.lines().slice(1)).toEqual(['SIGTERM received: shutting down', 'http stopped', 'worker stopped', 'shared connections closed']);
  });

  it('exits 1 once LPS_SHUTDOWN_TIMEOUT has passed when a service never finishes stopping', async () => {
    const run = startProcess('never', 1);
    await run.ready;
    const sentAt = Date.now();
    run.child.kill('SIGTERM');
    const { code, at } = await run.exited;
    expect(code).toBe(1);
    expect(run.lines()).toContain('shutdown took longer than 1s: exiting');
    expect(run.lines()).not.toContain('http stopped');
    // Not before the time-out: a slow but finishing stop is given its time.
    expect(at - sentAt).toBeGreaterThanOrEqual(950);
  });

  it('a second signal exits at once, without waiting for the time-out', async () => {
    const run = startProcess('never', 60);
    await run.ready;
    run.child.kill('SIGINT');
    await run.waitForLine('SIGINT received: shutting down');
    run.child.kill('SIGINT');
    const { code } = await run.exited;
    expect(code).toBe(1);
    expect(run.lines()).toContain('second SIGINT: exiting now');
  });
});
