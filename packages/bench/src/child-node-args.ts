/**
 * Extra flags for the service processes a benchmark starts. `--cpu-prof` is refused
 * in NODE_OPTIONS, so `LPS_BENCH_PROFILE_DIR=<dir>` asks for it on the command line:
 * each service then writes a .cpuprofile there when it exits.
 */
export function childNodeArgs(): string[] {
  const dir = process.env.LPS_BENCH_PROFILE_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}
