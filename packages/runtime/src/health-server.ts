import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpServer } from './http-server.js';
import { checkReadiness } from './readiness.js';
import type { RunningService } from './lifecycle.js';
import type { Runtime } from './runtime.js';

export interface HealthServer extends RunningService {
  server: Server;
  port: number;
}

/**
 * A worker's small HTTP port for its orchestrator: /health (liveness: the
 * process answers), /ready (database, Redis, migrations, the services' own checks) and /metrics (Prometheus).
 */
const listen = (server: Server, port: number, host: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/** Refusals in the API's error envelope: a probe or a person at the wrong path reads why. */
function refuse(res: ServerResponse, status: 404 | 405): void {
  const error =
    status === 404 ? { code: 'not_found', message: 'only /health, /ready and /metrics are served here' } : { code: 'method_not_allowed', message: 'only GET is served here' };
  res.writeHead(status, { ...JSON_TYPE, ...(status === 405 ? { allow: 'GET' } : {}) }).end(JSON.stringify({ error }));
}

/**
 * `serviceChecks`: the running services' own readiness checks, read on every /ready.
 * Served with the API's time-outs and answers to malformed requests: the port is
 * internal, but what reaches it may still be anything.
 */
export async function startHealthServer(runtime: Runtime, port: number, serviceChecks: () => Record<string, string> = () => ({})): Promise<HealthServer> {
  const server = createHttpServer(runtime.config.http.timeouts, (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET') {
      refuse(res, 405);
    } else if (path === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok' }));
    } else if (path === '/ready') {
      void checkReadiness(runtime, serviceChecks()).then((report) => res.writeHead(report.ready ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify(report)));
    } else if (path === '/metrics') {
      void runtime.metrics.registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': runtime.metrics.registry.contentType }).end(text),
        (error: Error) => res.writeHead(500).end(error.message),
      );
    } else {
      refuse(res, 404);
    }
  });
  let taken = false;
  try {
    await listen(server, port, runtime.config.http.host);
  } catch (error) {
    // Several workers on one host (development, tests) would all want the default port;
    // in a cluster every pod has its own. Take a free one and say so rather than die.
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw error;
    await listen(server, 0, runtime.config.http.host);
    taken = true;
  }
  const bound = (server.address() as AddressInfo).port;
  if (!taken) {
    runtime.logger.info(`health port ${bound}: /health /ready /metrics`);
  } else if (runtime.config.nodeEnv === 'production') {
    // A probe or a scrape configured for the asked port would miss this process: someone must look.
    runtime.logger.warn(`health port ${port} was taken: /health /ready /metrics are on port ${bound}; probes and scrapes on ${port} will not reach this process`);
  } else {
    // On a developer's machine (a second lps, a test run beside npm start) nothing needs doing (decision 0028).
    runtime.logger.info(`health port ${bound}: /health /ready /metrics (port ${port} was taken, by another lps process perhaps; LPS_HEALTH_PORT picks one)`);
  }
  return {
    name: 'health',
    server,
    port: bound,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
