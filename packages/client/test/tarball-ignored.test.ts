import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '@lps/testing';

// `npm pack` in packages/client, as its README and docs/building-on-lps.md say, writes the SDK's
// tarball beside its package.json: git must not offer it for a commit.
describe('the SDK tarball', () => {
  it('that npm pack writes in packages/client is ignored by git', () => {
    const clientDir = join(repoRoot, 'packages', 'client');
    // The name npm itself gives the file (lps-client-<version>.tgz), asked without writing it.
    const packed = spawnSync('npm', ['pack', '--dry-run', '--json'], { cwd: clientDir, encoding: 'utf8' });
    expect(packed.status).toBe(0);
    const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
    expect(filename).toMatch(/^lps-client-\d+\.\d+\.\d+\.tgz$/);
    const tarball = `packages/client/${filename}`;
    const checked = spawnSync('git', ['check-ignore', '--no-index', '-v', tarball], { cwd: repoRoot, encoding: 'utf8' });
    expect([checked.status, checked.stdout]).toEqual([0, expect.stringContaining(tarball)]);
  });
});
