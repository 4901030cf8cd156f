// The dashboard's browser code (services/dashboard/web) is bundled by Vite into
// services/dashboard/dist/web, after `tsc -b` built the server side. Type-checked first
// (Vite only strips types), and skipped when nothing it reads changed since the last bundle.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The newest modification time under `path` (a file, or a folder walked whole). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => (name === 'node_modules' ? latest : Math.max(latest, newest(join(path, name)))), stat.mtimeMs);
}

export function buildWeb({ root, say }) {
  const web = join(root, 'services', 'dashboard', 'web');
  if (!existsSync(web)) return;
  const built = join(root, 'services', 'dashboard', 'dist', 'web', 'index.html');
  const inputs = ['src', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json']
    .map((name) => join(web, name))
    .concat(join(root, 'services', 'dashboard', 'src', 'shared'))
    // The editor's preview bundles the network package's commentary function (services/dashboard/web/src/studio/commentary.ts).
    .concat(['little-text.ts', 'little-text-notes.ts', 'commentary-length.ts', 'network-error.ts'].map((name) => join(root, 'packages', 'network', 'src', name)));
  if (existsSync(built) && Math.max(...inputs.map(newest)) <= statSync(built).mtimeMs) return;
  say('building the dashboard web app (vite)');
  for (const [command, args] of [
    [join(root, 'node_modules', '.bin', 'tsc'), ['-p', join(web, 'tsconfig.json')]],
    [join(web, 'node_modules', '.bin', 'vite'), ['build', '--config', join(web, 'vite.config.ts')]],
  ]) {
    const result = spawnSync(command, args, { cwd: web, stdio: ['ignore', 2, 2] });
    if (result.status !== 0) {
      say(`step failed: ${command} ${args.join(' ')} (exit ${result.status ?? result.signal})`);
      process.exit(result.status ?? 1);
    }
  }
}

// `node scripts/build-web.mjs` (the Dockerfile's build stage): the same step, from the repository root.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  buildWeb({ root: process.cwd(), say: (message) => process.stderr.write(`[lps] ${message}\n`) });
}
