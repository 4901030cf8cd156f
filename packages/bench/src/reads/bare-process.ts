import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHealth } from '../posts/api-process.js';

/** The bare Express + pg baseline in its own process, on a free port; answers once its /health does. */
export async function startBareServer(env: { DATABASE_URL: string; BENCH_MEMBER_ID: string }): Promise<{ baseUrl: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [fileURLToPath(new URL('./bare-server.js', import.meta.url))], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port) },
  });
  const baseUrl = `http://127.0.0.1:${port}/api/v1`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { baseUrl, pid: child.pid as number, stop };
}
