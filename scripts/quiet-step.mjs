// Tools whose success needs no reading, run so that a first `npm start` prints only what a
// person must act on: their output is kept and shown only when they fail.
import { spawnSync } from 'node:child_process';

/**
 * Runs `command` with its output captured; on failure writes all of it to stderr. Prisma is
 * the reason: on every success it prints its configuration steps, a tree of every migration
 * applied and a WARNING that the schema's datasource `url` is unused with the driver adapter —
 * a url that must stay there for the offline JavaScript engine (docs/decisions/0002).
 * Answers the exit status (0 on success).
 */
export function runQuietly(command, args, { cwd, env = process.env } = {}) {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  const status = result.status ?? 1;
  if (status !== 0) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? `${result.error.message}\n` : ''}`);
  return status;
}
