import { timingSafeEqual } from 'node:crypto';
import type { Express, RequestHandler } from 'express';
import type { Runtime } from '@lps/runtime';
import { ADMIN_QUEUES_PATH, lazyAdminQueues } from './admin-queues.js';

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** HTTP Basic with the admin credential from configuration, compared in constant time. */
const requireAdmin =
  (admin: { user: string; password: string }): RequestHandler =>
  (req, res, next) => {
    const [scheme, encoded] = (req.header('authorization') ?? '').split(' ');
    const [user, ...rest] = Buffer.from(encoded ?? '', 'base64')
      .toString('utf8')
      .split(':');
    if (scheme === 'Basic' && sameSecret(user ?? '', admin.user) && sameSecret(rest.join(':'), admin.password)) {
      next();
      return;
    }
    res.setHeader('WWW-Authenticate', 'Basic realm="lps admin", charset="UTF-8"');
    res.status(401).json({ error: { code: 'unauthorized', message: 'admin credential required' } });
  };

/** Records request duration by route template (bounded labels: never the raw path). */
export const recordHttpMetrics =
  (runtime: Runtime): RequestHandler =>
  (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      // Express types the matched route `any`: its path is the route's template.
      const matched = req.route as { path: unknown } | undefined;
      const route = matched ? `${req.baseUrl}${String(matched.path)}` : 'unmatched';
      runtime.metrics.httpRequestDuration.observe({ method: req.method, route, status: String(res.statusCode) }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };

/**
 * Operator endpoints on the public port: /health (liveness, costs nothing) and,
 * when an admin password is configured, the BullMQ dashboard. /ready (database,
 * Redis and migrations on every hit) and /metrics (queue depths, traffic by
 * route) are on the internal health port (LPS_HEALTH_PORT) like every worker's:
 * neither is anyone's business outside the cluster, and both cost queries.
 */
export function mountOpsEndpoints(app: Express, runtime: Runtime): void {
  app.get('/health', (_req, res) => void res.json({ status: 'ok' }));
  const admin = runtime.config.ops.admin;
  if (!admin) return;
  app.use(ADMIN_QUEUES_PATH, requireAdmin(admin), lazyAdminQueues(runtime));
}
