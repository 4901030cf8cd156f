import { spawn } from 'node:child_process';
import { childNodeArgs } from '../child-node-args.js';
import { REPO_ROOT } from '../posts/bench-database.js';

/** The real publisher worker in its own process, as ops would run it. */
export function startPublisherProcess(env: Record<string, string>): { pid: number; stop(): Promise<void> } {
  const child = spawn(process.execPath, [...childNodeArgs(), `${REPO_ROOT}services/publisher/dist/main.js`], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, LOG_LEVEL: 'error' },
  });
  return {
    pid: child.pid ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
