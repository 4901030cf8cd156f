import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = process.env.LPS_TEST_ROOT ?? process.cwd();

describe('npm test preflight', () => {
  it('refuses to run, naming each missing service and how to start it, when PostgreSQL and Redis do not answer', () => {
    const result = spawnSync(process.execPath, [join(root, 'scripts', 'bootstrap.mjs'), 'test'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/lps', REDIS_URL: 'redis://127.0.0.1:1' },
      timeout: 120_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/MISSING SERVICE: PostgreSQL is not reachable at 127\.0\.0\.1:1/);
    expect(result.stderr).toMatch(/MISSING SERVICE: Redis is not reachable at 127\.0\.0\.1:1/);
    expect(result.stderr).toMatch(/pg_ctlcluster/);
    expect(result.stderr).toMatch(/redis-server/);
    expect(result.stderr).toMatch(/nothing was run/);
  }, 130_000);
});
