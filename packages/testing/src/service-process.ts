import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

export const repoRoot = process.env.LPS_TEST_ROOT ?? process.cwd();

export interface ServiceProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Parsed JSON log lines (non-JSON lines as {message}). */
  lines: Array<Record<string, unknown>>;
  /** Everything the process wrote, verbatim. */
  output(): string;
  exited: Promise<number | null>;
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Sends the signal unless the process already ended, and waits for it to end. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Every process a test started and that has not ended. A test that fails before
 * its own kill (a start that timed out under load) would otherwise leave a
 * service running on the machine after the run; they end with the test worker.
 */
const running = new Set<ChildProcessByStdio<null, Readable, Readable>>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Runs a built entry point (e.g. `services/publisher/dist/main.js`) as a real
 * process, as ops run it, with JSON logs and a free health port; `env` wins.
 */
export function startServiceProcess(entry: string, env: Record<string, string>): ServiceProcess {
  const child = spawn(process.execPath, [join(repoRoot, entry)], {
    env: { ...process.env, LOG_FORMAT: 'json', LOG_LEVEL: 'info', NODE_ENV: 'test', LPS_HEALTH_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const lines: Array<Record<string, unknown>> = [];
  let raw = '';
  let buffer = '';
  const onData = (chunk: Buffer) => {
    raw += chunk.toString();
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    for (const part of parts) {
      try {
        lines.push(JSON.parse(part));
      } catch {
        lines.push({ message: part });
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    output: () => raw,
    exited,
    async waitForLine(pattern, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const line = lines.find((entry) => pattern.test(String(entry.message)));
        if (line) return line;
        if (child.exitCode !== null) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no log line matching ${pattern}; last lines: ${JSON.stringify(lines.slice(-10))}`);
    },
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** The port from the API's "API listening on port N" line. */
export async function apiPort(service: ServiceProcess): Promise<number> {
  const line = await service.waitForLine(/API listening on port \d+/);
  return Number(/port (\d+)/.exec(String(line.message))?.[1]);
}
