import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const repoRoot = process.env.LPS_TEST_ROOT ?? process.cwd();

export interface ServiceProcessOptions {
  /**
   * Where its logs go. `capture` (tests): stdout and stderr are kept and parsed as JSON
   * lines for `waitForLine`, at LOG_LEVEL info unless `env` says otherwise, with
   * NODE_ENV=test and a free health port. `errors` (benchmarks): LOG_LEVEL error,
   * stdout dropped and stderr passed through, so logging costs none of the CPU being
   * measured and only the environment and `env` configure it.
   */
  logs?: 'capture' | 'errors';
  /** Node flags before the entry point (e.g. `--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
  /** Its working directory; this process's by default. */
  cwd?: string;
}

export interface ServiceProcess {
  child: ChildProcess;
  /** The child's pid, to read its CPU and memory from /proc. */
  pid: number;
  /** Parsed JSON log lines (non-JSON lines as {message}); empty unless logs are captured. */
  lines: Array<Record<string, unknown>>;
  /** Everything the process wrote, verbatim; empty unless logs are captured. */
  output(): string;
  exited: Promise<number | null>;
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Sends the signal unless the process already ended, and waits for it to end. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** kill('SIGTERM'). */
  stop(): Promise<void>;
}

/**
 * Every process started here that has not ended. A test that fails before its own
 * kill (a start that timed out under load) would otherwise leave a service running
 * on the machine after the run; they end with the process that started them.
 */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

const TEST_DEFAULTS = { LOG_FORMAT: 'json', LOG_LEVEL: 'info', NODE_ENV: 'test', LPS_HEALTH_PORT: '0' };

/**
 * Runs a built entry point (e.g. `services/publisher/dist/main.js`, relative to the
 * repository root, or absolute) as a real process, as ops run it.
 */
export function startServiceProcess(entry: string, env: Record<string, string>, options: ServiceProcessOptions = {}): ServiceProcess {
  const capture = (options.logs ?? 'capture') === 'capture';
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), resolve(repoRoot, entry)], {
    env: capture ? { ...process.env, ...TEST_DEFAULTS, ...env } : { ...process.env, ...env, LOG_LEVEL: 'error' },
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'ignore', 'inherit'],
    ...(options.cwd ? { cwd: options.cwd } : {}),
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
        lines.push(JSON.parse(part) as Record<string, unknown>);
      } catch {
        lines.push({ message: part });
      }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    child,
    pid: child.pid ?? 0,
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
    kill,
    stop: () => kill('SIGTERM'),
  };
}

/** The port from the API's "API listening on port N" line. */
export async function apiPort(service: ServiceProcess, timeoutMs?: number): Promise<number> {
  const line = await service.waitForLine(/API listening on port \d+/, timeoutMs);
  return Number(/port (\d+)/.exec(String(line.message))?.[1]);
}
