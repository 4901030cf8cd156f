import { spawn, type ChildProcess } from 'node:child_process';
import { childNodeArgs } from './child-node-args.js';
import { REPO_ROOT } from './posts/bench-database.js';

export interface ServiceProcess {
  child: ChildProcess;
  /** The child's pid, to read its CPU and memory from /proc. */
  pid: number;
  /** SIGTERM, resolved once it has exited. */
  stop(): Promise<void>;
}

/**
 * A real service (`services/<service>/dist/main.js`) in its own process, as ops would
 * run it, so the load generator does not share its event loop; it logs errors only.
 */
export function startServiceProcess(service: 'api' | 'publisher' | 'webhook-dispatcher', env: Record<string, string>): ServiceProcess {
  const child = spawn(process.execPath, [...childNodeArgs(), `${REPO_ROOT}services/${service}/dist/main.js`], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, LOG_LEVEL: 'error' },
  });
  return {
    child,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
