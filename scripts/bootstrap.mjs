#!/usr/bin/env node
// The one entry behind `npm start`, `npm test`, `npm run lps` and `npm run bench`.
// A fresh machine has only Node.js and npm: this brings in pnpm, installs the
// workspace, generates the Prisma client, builds, prepares the database and then
// runs what was asked. Every step is skipped when it is already done, and all of
// its own output goes to stderr so `npm run --silent lps -- … --json` prints
// exactly one JSON document on stdout.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync, mkdirSync, writeFileSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { patchPrismaClient } from './patch-prisma-client.mjs';
import { buildWeb } from './build-web.mjs';
import { runQuietly } from './quiet-step.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const toolsDir = join(root, '.lps-bootstrap');
const [action = 'start', ...rest] = process.argv.slice(2);
const args = rest[0] === '--' ? rest.slice(1) : rest;

function say(message) {
  process.stderr.write(`[lps] ${message}\n`);
}

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: ['ignore', 2, 2],
    env: { ...process.env, ...options.env },
  });
  if (result.status !== 0) {
    say(`step failed: ${command} ${commandArgs.join(' ')} (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

/** A step whose output is shown only when it fails (quiet-step.mjs says why); a failure ends the bootstrap. */
function runQuiet(title, command, commandArgs) {
  const status = runQuietly(command, commandArgs, { cwd: root });
  if (status === 0) return;
  say(`step failed: ${title} (exit ${status})`);
  process.exit(status);
}

/** Runs the steps at once, their output on stderr; exits with the first failure's code once all have ended. */
async function runSideBySide(steps) {
  const results = await Promise.all(
    steps.map(([title, command, commandArgs]) => {
      say(title);
      return new Promise((resolveStep) => {
        const child = spawn(command, commandArgs, { cwd: root, stdio: ['ignore', 2, 2] });
        child.on('error', (error) => resolveStep({ title, code: 1, error }));
        child.on('exit', (code, signal) => resolveStep({ title, code: code ?? (signal ? 1 : 0) }));
      });
    }),
  );
  const failed = results.filter((result) => result.code !== 0);
  for (const result of failed) say(`step failed: ${result.title} (exit ${result.code}${result.error ? `, ${result.error.message}` : ''})`);
  if (failed.length > 0) process.exit(failed[0].code);
}

function mtime(path) {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

function pnpmBin() {
  const bin = join(toolsDir, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
  if (!existsSync(bin)) {
    say(`installing pnpm ${PNPM_VERSION} into .lps-bootstrap/`);
    mkdirSync(toolsDir, { recursive: true });
    writeFileSync(join(toolsDir, 'package.json'), '{"private":true}\n');
    run('npm', ['install', '--no-audit', '--no-fund', '--silent', '--prefix', toolsDir, `pnpm@${PNPM_VERSION}`]);
  }
  return bin;
}

function ensureInstalled() {
  const marker = join(root, 'node_modules', '.modules.yaml');
  const lock = join(root, 'pnpm-lock.yaml');
  const workspaceManifests = ['packages', 'services'].flatMap((dir) =>
    existsSync(join(root, dir)) ? readdirSync(join(root, dir)).map((name) => join(root, dir, name, 'package.json')) : [],
  );
  const manifests = [join(root, 'package.json'), lock, join(root, 'pnpm-workspace.yaml'), ...workspaceManifests];
  if (existsSync(marker) && manifests.every((file) => mtime(file) <= mtime(marker))) return;
  say('installing workspace dependencies with pnpm');
  const frozen = existsSync(lock) && process.env.CI ? ['--frozen-lockfile'] : [];
  // pnpm's listing of what it added is shown only when the install fails.
  runQuiet('pnpm install', process.execPath, [pnpmBin(), 'install', '--reporter=append-only', ...frozen]);
}

function ensurePrismaClient() {
  const schema = join(root, 'prisma', 'schema.prisma');
  const generated = join(root, 'packages', 'db', 'src', 'generated', 'prisma', 'client.ts');
  if (mtime(generated) >= mtime(schema)) return;
  say('generating the Prisma client');
  runQuiet('prisma generate', join(root, 'node_modules', '.bin', 'prisma'), ['generate']);
  patchPrismaClient(root);
}

/**
 * `npm start` builds what it runs (the services and the dashboard's web app) and `npm run lps` the CLI;
 * tests, benches and `npm run build` build the whole workspace, with the SDK and the test support.
 * A first start skips about 20 s of compiling that way.
 */
function build() {
  const project = { start: 'services/all/tsconfig.json', lps: 'packages/cli/tsconfig.json' }[action] ?? 'tsconfig.json';
  run(join(root, 'node_modules', '.bin', 'tsc'), ['-b', project]);
  // @lps/client is generated from the API's OpenAPI document, so it builds after the API (skipped when up to date).
  if (project === 'tsconfig.json') run(process.execPath, [join(root, 'packages', 'client', 'scripts', 'build.mjs')]);
  if (action !== 'lps') buildWeb({ root, say });
}

async function prepareDatabase() {
  const { prepareDatabase: prepare } = await import('./prepare-database.mjs');
  await prepare({ root, say });
}

function exec(command, commandArgs, env = {}) {
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  process.exit(result.status ?? (result.signal ? 1 : 0));
}

ensureInstalled();
ensurePrismaClient();
// `npm test -- <pattern>` runs on the sources (scripts/test-selection.mjs): no build unless a selected test runs built code.
const fromSource = action === 'test' && args.length > 0;
if (!fromSource || (await import('./test-selection.mjs')).selectionNeedsBuild(root, args)) build();

switch (action) {
  case 'build':
    break;
  case 'start':
    await prepareDatabase();
    // Replace ourselves with the service so Ctrl-C and SIGTERM reach it directly.
    // Fewer glibc arenas: less memory fragmentation under sharp/libvips' threads (as in deploy/Dockerfile).
    exec(process.execPath, [join(root, 'services', 'all', 'dist', 'main.js'), ...args], { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' });
    break;
  case 'lps':
    await prepareDatabase();
    exec(process.execPath, [join(root, 'packages', 'cli', 'dist', 'main.js'), ...args]);
    break;
  case 'test': {
    const { checkServices } = await import('./check-services.mjs');
    await checkServices({ say });
    if (!fromSource || (await import('./test-selection.mjs')).selectionNeedsBrowser(root, args)) (await import('./ensure-browser.mjs')).ensureBrowser({ say });
    // The whole suite is the gate: it type-checks every test, lints, checks the formatting and runs the tests on
    // the built code. A subset is the inner loop: on the sources, transpiled only (the editor and the whole suite
    // check the rest). The three checks run side by side: together about as long as eslint alone.
    if (!fromSource) {
      const bin = (name) => join(root, 'node_modules', '.bin', name);
      await runSideBySide([
        ['type-checking the tests', bin('tsc'), ['-p', 'tsconfig.tests.json']],
        ['linting (eslint, zero warnings)', bin('eslint'), ['--max-warnings', '0', '.']],
        ['checking the formatting (prettier; `npx prettier --write .` fixes it)', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
      ]);
    }
    exec(process.execPath, ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', join(root, 'node_modules', 'jest', 'bin', 'jest.js'), ...args], {
      LPS_TEST_ROOT: root,
      ...(fromSource ? { LPS_TEST_FROM_SOURCE: '1' } : {}),
    });
    break;
  }
  case 'bench': {
    const { checkServices } = await import('./check-services.mjs');
    await checkServices({ say });
    const [name, ...benchArgs] = args;
    const benchDir = join(root, 'packages', 'bench', 'dist');
    if (!name || !existsSync(join(benchDir, `${name}.js`))) {
      say(`usage: npm run bench -- <name>   (benchmarks live in packages/bench/src)`);
      process.exit(2);
    }
    exec(process.execPath, [join(benchDir, `${name}.js`), ...benchArgs]);
    break;
  }
  default:
    say(`unknown action "${action}"`);
    process.exit(2);
}
