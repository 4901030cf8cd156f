import { apiPort, createTestDatabase, startServiceProcess, type TestDatabase } from '@lps/testing';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

const startProcess = (entry: string, env: Record<string, string>) =>
  startServiceProcess(entry, { DATABASE_URL: database.url, LPS_REDIS_PREFIX: `tproc${process.pid}${Math.random().toString(16).slice(2, 8)}`, ...env });

describe('process lifecycle', () => {
  it('npm start’s entry runs the API and every worker in one process and stops cleanly on SIGTERM', async () => {
    const lps = startProcess('services/all/dist/main.js', { PORT: '0', HOST: '127.0.0.1' });
    const port = await apiPort(lps);
    await lps.waitForLine(/lps is running/);
    const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    expect(health.status).toBe(200);

    lps.child.kill('SIGTERM');
    expect(await lps.exited).toBe(0);
    const stopped = lps.lines.map((line) => String(line.message)).filter((message) => / stopped$/.test(message));
    expect(stopped).toEqual(['api stopped', 'publisher stopped', 'image stopped', 'research stopped', 'webhook-dispatcher stopped', 'health stopped']);
    expect(lps.lines.every((line) => typeof line.service === 'string')).toBe(true);
  });

  it.each(['api', 'publisher', 'image', 'research', 'webhook-dispatcher'])('the %s service starts alone and stops on SIGTERM', async (name) => {
    const service = startProcess(`services/${name}/dist/main.js`, { PORT: '0', HOST: '127.0.0.1' });
    await service.waitForLine(new RegExp(`^${name} started$`));
    {
      // Every service, the API included, serves probes and metrics on its own small port.
      const line = await service.waitForLine(/^health port \d+/);
      const port = Number(/port (\d+)/.exec(String(line.message))?.[1]);
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
      const ready = await fetch(`http://127.0.0.1:${port}/ready`);
      // A service may add checks of its own: the publisher says whether LinkedIn still serves LINKEDIN_API_VERSION.
      const own = name === 'publisher' ? { linkedin_api_version: 'ok' } : {};
      expect([ready.status, await ready.json()]).toEqual([200, { ready: true, checks: { database: 'ok', redis: 'ok', migrations: 'ok', ...own } }]);
      expect(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()).toMatch(/lps_queue_jobs\{/);
    }
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    expect(service.lines.some((line) => String(line.message) === `${name} stopped`)).toBe(true);
  });

  it('a second worker on the same host takes another health port instead of failing', async () => {
    const first = startProcess('services/research/dist/main.js', { LPS_HEALTH_PORT: '39464' });
    const second = startProcess('services/research/dist/main.js', { LPS_HEALTH_PORT: '39464' });
    try {
      await first.waitForLine(/^research started$/);
      await second.waitForLine(/^research started$/);
      // Said once, as information: on a developer's machine nobody has to act on it (decision 0028).
      const moved = second.lines.concat(first.lines).filter((line) => /port 39464 was taken/.test(String(line.message)));
      expect(moved.map((line) => line.level)).toEqual(['info']);
    } finally {
      first.child.kill('SIGTERM');
      second.child.kill('SIGTERM');
      expect([await first.exited, await second.exited]).toEqual([0, 0]);
    }
  });

  it('refuses to start with an invalid variable and names it', async () => {
    const bad = startProcess('services/api/dist/main.js', { PORT: 'not-a-port' });
    expect(await bad.exited).not.toBe(0);
    expect(bad.lines.map((line) => String(line.message)).join('\n')).toMatch(/PORT/);
  });
});
