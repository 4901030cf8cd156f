import type { ChildProcess } from 'node:child_process';
import { freePort, startServiceProcess, type ServiceProcess } from '@lps/testing';
import { startBenchService } from '../bench-service.js';
import { REPO_ROOT } from './bench-database.js';

export interface ApiProcess {
  baseUrl: string;
  /** The child's pid, to read its memory from /proc. */
  pid: number;
  stop(): Promise<void>;
}

export { freePort };

/** Resolves once `${baseUrl}/health` answers 2xx; fails when the child exits or after 30 s. */
export async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process exited with code ${child.exitCode} before it was healthy`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${baseUrl} did not become healthy within 30 s`);
}

/**
 * As the API is deployed (docker-compose.yml, deploy/k8s/base/api.yaml): with V8's own heap
 * settings since it decodes no images (decision 0006). `LPS_BENCH_API_NODE_OPTIONS` overrides
 * it, e.g. `--max-semi-space-size=4` to weigh the young generation it once had.
 */
export const API_NODE_OPTIONS = '';

/**
 * The real API (services/api/dist/main.js) in a child process, so the load
 * generator does not share its event loop: what is measured is the service.
 * Answers once /health does, on a free port.
 */
export async function startApiProcess(env: Record<string, string>, root?: string): Promise<ApiProcess> {
  const port = await freePort();
  const service = startBenchService('api', { NODE_OPTIONS: process.env.LPS_BENCH_API_NODE_OPTIONS ?? API_NODE_OPTIONS, ...env, PORT: String(port), HOST: '127.0.0.1' }, root);
  const baseUrl = `http://127.0.0.1:${port}/api/v1`;
  try {
    await waitForHealth(baseUrl, service.child);
  } catch (error) {
    // Never leave an API behind that did not become healthy in time.
    service.child.kill('SIGKILL');
    throw error;
  }
  return { baseUrl, pid: service.pid, stop: () => service.stop() };
}

/**
 * `services/all/dist/main.js` — what `npm start` runs: the API, the dashboard and every worker in one
 * process — on `port`, answering once /api/v1/health does.
 */
export async function startAllProcess(port: number, env: Record<string, string>): Promise<ServiceProcess> {
  const started = startServiceProcess(
    `${REPO_ROOT}services/all/dist/main.js`,
    { ...env, PORT: String(port), HOST: '127.0.0.1', LPS_HEALTH_PORT: '0' },
    { logs: 'errors', cwd: REPO_ROOT },
  );
  await waitForHealth(`http://127.0.0.1:${port}/api/v1`, started.child);
  return started;
}
