import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL } from '@lps/config';

// No Docker engine runs on these machines: the compose file is checked statically.
const root = process.env.LPS_TEST_ROOT ?? process.cwd();
type Service = { image?: string; build?: { context: string; dockerfile: string }; command?: string[]; depends_on?: Record<string, { condition: string }> };
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };

describe('docker-compose.yml', () => {
  it('runs postgres, redis, a migration step, the api, the dashboard and every worker as its own service', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'dashboard', 'image', 'migrate', 'postgres', 'publisher', 'redis', 'research', 'webhook-dispatcher'].sort());
  });

  it('names only commands that exist in the build output', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (!service.command || service.command[0] !== 'node') continue;
      const entry = service.command[1] as string;
      expect([name, existsSync(join(root, entry))]).toEqual([name, true]);
    }
  });

  it('builds every lps service from a Dockerfile in deploy/', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (['postgres', 'redis'].includes(name)) continue;
      expect(service.build?.dockerfile).toMatch(/^deploy\//);
      expect(existsSync(join(root, service.build?.dockerfile as string))).toBe(true);
    }
  });

  it('pins third-party image tags and waits for healthy dependencies', () => {
    for (const name of ['postgres', 'redis']) {
      expect(compose.services[name]?.image).toMatch(/:\d+\.\d+/);
    }
    expect(compose.services.api?.depends_on?.migrate?.condition).toBe('service_completed_successfully');
    expect(compose.services.migrate?.depends_on?.postgres?.condition).toBe('service_healthy');
  });

  it('health-checks the api, the dashboard and every worker', () => {
    for (const name of ['api', 'dashboard', 'publisher', 'image', 'research', 'webhook-dispatcher']) {
      expect([name, (compose.services[name] as { healthcheck?: { test: string[] } }).healthcheck?.test.join(' ')]).toEqual([
        name,
        expect.stringMatching(/127\.0\.0\.1:9464\/ready/),
      ]);
    }
  });
});

describe("deploy/local-dependencies.yml (the README's command for a machine without PostgreSQL and Redis)", () => {
  type Dependency = { image?: string; ports?: string[]; environment?: Record<string, string> };
  const local = parse(readFileSync(join(root, 'deploy', 'local-dependencies.yml'), 'utf8')) as { services: Record<string, Dependency> };
  const readme = readFileSync(join(root, 'README.md'), 'utf8');

  it('is the file the README and the missing-service hint name', () => {
    expect(readme).toContain('docker compose -f deploy/local-dependencies.yml up -d');
    expect(readFileSync(join(root, 'scripts', 'check-services.mjs'), 'utf8')).toContain('deploy/local-dependencies.yml');
  });

  it('publishes PostgreSQL where the default DATABASE_URL connects, with no password, database included', () => {
    const url = new URL(DEFAULT_DATABASE_URL);
    const postgres = local.services.postgres as Dependency;
    expect(postgres.ports).toEqual([`${url.hostname}:${url.port}:5432`]);
    expect(url.password).toBe('');
    // The default URL has no password: the server must not ask for one.
    expect(postgres.environment?.POSTGRES_HOST_AUTH_METHOD).toBe('trust');
    expect(postgres.environment?.POSTGRES_USER ?? 'postgres').toBe(url.username);
    expect(postgres.environment?.POSTGRES_DB).toBe(url.pathname.slice(1));
  });

  it('publishes Redis where the default REDIS_URL connects, on loopback only', () => {
    const url = new URL(DEFAULT_REDIS_URL);
    expect(local.services.redis?.ports).toEqual([`${url.hostname}:${url.port}:6379`]);
    for (const service of Object.values(local.services)) {
      for (const port of service.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
      expect(service.image).toMatch(/:\d+\.\d+/);
    }
  });
});
