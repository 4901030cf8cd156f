/**
 * Extra flags for the service processes a benchmark starts. `--cpu-prof` is refused
 * in NODE_OPTIONS, so `LPS_BENCH_PROFILE_DIR=<dir>` asks for it on the command line:
 * each service then writes a .cpuprofile there when it exits. `LPS_BENCH_NODE_ARGS`
 * passes any other flags the same way (e.g. `--perf-basic-prof` for `perf`, or
 * `--log-deopt --logfile=<file>`), space-separated.
 */
export function childNodeArgs(): string[] {
  const dir = process.env.LPS_BENCH_PROFILE_DIR;
  const extra = process.env.LPS_BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return [...extra, ...(dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [])];
}
