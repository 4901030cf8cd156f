import { startServiceProcess, type ServiceProcess } from '@lps/testing';
import { REPO_ROOT } from './posts/bench-database.js';

/**
 * Extra flags for the service processes a benchmark starts. `--cpu-prof` is refused
 * in NODE_OPTIONS, so `LPS_BENCH_PROFILE_DIR=<dir>` asks for it on the command line:
 * each service then writes a .cpuprofile there when it exits. `LPS_BENCH_NODE_ARGS`
 * passes any other flags the same way (e.g. `--perf-basic-prof` for `perf`, or
 * `--log-deopt --logfile=<file>`), space-separated.
 */
function childNodeArgs(): string[] {
  const dir = process.env.LPS_BENCH_PROFILE_DIR;
  const extra = process.env.LPS_BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return [...extra, ...(dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [])];
}

/**
 * A real service (`services/<service>/dist/main.js`) in its own process, as ops would
 * run it, so the load generator does not share its event loop; it logs errors only.
 * `root` runs another checkout's build (ending in `/`): the same load before and after a change.
 */
export const startBenchService = (service: 'api' | 'publisher' | 'webhook-dispatcher' | 'image', env: Record<string, string>, root = REPO_ROOT): ServiceProcess =>
  // A health port of its own (0: any free one), so two benchmarks on one machine do not collide on 9464.
  startServiceProcess(`${root}services/${service}/dist/main.js`, { LPS_HEALTH_PORT: '0', ...env }, { logs: 'errors', nodeArgs: childNodeArgs(), cwd: root });
