// `npm test -- <pattern>` is the inner loop: the tests take the workspace's
// TypeScript sources (jest.config.mjs, LPS_TEST_FROM_SOURCE), so an edit needs
// no rebuild — unless a selected test runs built code: a process started from a
// `dist/main.js`, or a harness importing a service's `dist/` by path. Those, and
// a checkout never built, still build first.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const RELATIVE_IMPORT = /(?:from|import\()\s*'(\.{1,2}\/[^']+)\.js'/g;

/** The test file and the test support files it imports (relative imports inside a test folder), each once. */
function testSources(file, seen = new Set()) {
  if (seen.has(file) || !existsSync(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(RELATIVE_IMPORT)) {
    const target = resolve(dirname(file), `${match[1]}.ts`);
    if (/[/\\]test[/\\]/.test(target)) testSources(target, seen);
  }
  return seen;
}

/** The test files jest would run with these arguments. */
function selectedTests(root, jestArgs) {
  const listed = spawnSync(
    process.execPath,
    ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--listTests', ...jestArgs],
    { cwd: root, encoding: 'utf8', env: { ...process.env, LPS_TEST_ROOT: root } },
  );
  if (listed.status !== 0) return undefined;
  return listed.stdout.split('\n').filter((line) => line.endsWith('.ts'));
}

/** Whether the selected tests need the workspace built (true when it cannot tell). */
export function selectionNeedsBuild(root, jestArgs) {
  if (!existsSync(join(root, 'services', 'all', 'dist', 'main.js'))) return true;
  const tests = selectedTests(root, jestArgs);
  if (!tests) return true;
  return tests.some((test) => [...testSources(test)].some((file) => /dist\//.test(readFileSync(file, 'utf8'))));
}

/** Whether the selected tests drive the browser (a test under a `test/browser/` folder). */
export function selectionNeedsBrowser(root, jestArgs) {
  const tests = selectedTests(root, jestArgs);
  return !tests || tests.some((test) => /[/\\]test[/\\]browser[/\\]/.test(test));
}
