import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

// No Docker engine runs on these machines: the compose file is checked statically.
const root = process.env.LPS_TEST_ROOT ?? process.cwd();
type Service = { image?: string; build?: { context: string; dockerfile: string }; command?: string[]; depends_on?: Record<string, { condition: string }> };
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };

describe('docker-compose.yml', () => {
  it('runs postgres, redis, a migration step, the api and every worker as its own service', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['api', 'image', 'migrate', 'postgres', 'publisher', 'redis', 'research', 'webhook-dispatcher'].sort(),
    );
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

  it('health-checks the api and every worker', () => {
    for (const name of ['api', 'publisher', 'image', 'research', 'webhook-dispatcher']) {
      expect([name, (compose.services[name] as { healthcheck?: { test: string[] } }).healthcheck?.test.join(' ')]).toEqual([name, expect.stringMatching(/127\.0\.0\.1:9464\/ready/)]);
    }
  });
});
