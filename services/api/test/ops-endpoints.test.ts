import pg from 'pg';
import supertest from 'supertest';
import { createTestMember, databaseUrlFor } from '@lps/testing';
import { startTestApi, type TestApi } from './support/api-harness.js';

const ROOT = (api: TestApi) => supertest(api.baseUrl.replace(/\/api\/v1$/, ''));
/** The internal health port (LPS_HEALTH_PORT): where /ready and /metrics are served. */
const OPS = (api: TestApi) => supertest(api.opsUrl);

describe('operator endpoints', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ LPS_RATE_LIMIT: '2/60' });
  });
  afterAll(async () => api.stop());

  it('answers /health for liveness at the root', async () => {
    const response = await ROOT(api).get('/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('exports request durations by route template, queue depth and rate-limit rejections on /metrics', async () => {
    const member = await createTestMember(api.runtime);
    await api.http.get('/posts/00000000-0000-4000-8000-000000000001').set('Authorization', member.auth);
    await api.http.get('/posts/00000000-0000-4000-8000-000000000002').set('Authorization', member.auth);
    await api.http.get('/me').set('Authorization', member.auth);
    const metrics = await OPS(api).get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/text\/plain/);
    const text = metrics.text;
    expect(text).toMatch(/lps_http_request_duration_seconds_count\{[^}]*route="\/api\/v1\/posts\/:id"[^}]*status="404"[^}]*\} 2/);
    expect(text).not.toMatch(/route="\/api\/v1\/posts\/00000000/);
    expect(text).toMatch(/lps_rate_limited_total\{[^}]*bucket="default"[^}]*\} 1/);
    for (const queue of ['publish', 'images', 'research', 'events', 'webhooks']) {
      expect(text).toMatch(new RegExp(`lps_queue_jobs\\{[^}]*queue="${queue}"[^}]*state="waiting"`));
    }
    expect(text).toMatch(/lps_process_resident_memory_bytes/);
  });

  it('is ready when the database, Redis and migrations are, and says which is not', async () => {
    const ready = await OPS(api).get('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ready: true, checks: { database: 'ok', redis: 'ok', migrations: 'ok' } });

    const [latest] = await api.runtime.db.$queryRawUnsafe<Array<{ id: string }>>('SELECT id FROM _prisma_migrations ORDER BY started_at DESC LIMIT 1');
    await api.runtime.db.$executeRawUnsafe('UPDATE _prisma_migrations SET finished_at = NULL WHERE id = $1', latest?.id);
    const pending = await OPS(api).get('/ready');
    expect(pending.status).toBe(503);
    expect(pending.body.checks.migrations).toMatch(/^pending: /);
    await api.runtime.db.$executeRawUnsafe('UPDATE _prisma_migrations SET finished_at = now() WHERE id = $1', latest?.id);
    expect((await OPS(api).get('/ready')).status).toBe(200);
  });

  it('reports not ready while the database refuses connections, and recovers', async () => {
    const name = new URL(api.runtime.config.database.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: databaseUrlFor('postgres') });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      const down = await OPS(api).get('/ready');
      expect(down.status).toBe(503);
      expect(down.body.ready).toBe(false);
      expect(down.body.checks.database).not.toBe('ok');
    } finally {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    let recovered = 0;
    for (let attempt = 0; attempt < 50 && recovered !== 200; attempt += 1) {
      recovered = (await OPS(api).get('/ready')).status;
      if (recovered !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(recovered).toBe(200);
  });

  it('keeps /ready and /metrics off the public port: they cost queries and tell traffic and queue depths', async () => {
    for (const path of ['/ready', '/metrics']) {
      const response = await ROOT(api).get(path);
      expect([path, response.status]).toEqual([path, 404]);
    }
    expect((await OPS(api).get('/health')).status).toBe(200);
  });

  it('does not mount the queue dashboard when no admin password is configured', async () => {
    expect((await ROOT(api).get('/admin/queues')).status).toBe(404);
  });
});

describe('queue dashboard with an admin credential', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ LPS_ADMIN_USER: 'ops', LPS_ADMIN_PASSWORD: 'correct horse battery' });
  });
  afterAll(async () => api.stop());

  it('refuses without the credential or with a wrong one', async () => {
    const none = await ROOT(api).get('/admin/queues');
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Basic/);
    expect((await ROOT(api).get('/admin/queues').auth('ops', 'wrong password!!')).status).toBe(401);
    expect((await ROOT(api).get('/admin/queues').auth('root', 'correct horse battery')).status).toBe(401);
  });

  it('serves the dashboard and its queue list with the credential', async () => {
    const page = await ROOT(api).get('/admin/queues').auth('ops', 'correct horse battery');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<html/i);
    const queues = await ROOT(api).get('/admin/queues/api/queues').auth('ops', 'correct horse battery');
    expect(queues.status).toBe(200);
    expect(queues.body.queues.map((queue: { name: string }) => queue.name).sort()).toEqual(['events', 'image-calls', 'images', 'publish', 'research', 'webhooks']);
  });
});
