import express from 'express';
import type { Runtime } from '@lps/runtime';
import { errorMiddleware, unknownRoute } from '../http/errors.js';
import { requestId } from '../http/middleware/request-id.js';
import { createRateLimiters } from '../http/middleware/rate-limit.js';
import { mountOpsEndpoints, recordHttpMetrics } from '../http/ops-endpoints.js';
import { serveHttp, type HttpService } from '../http/serve-http.js';
import { createOutsideClients, type OutsideClients } from '../outside-clients.js';
import { mountMcp } from './mount-mcp.js';
import { AuthFailureGuard } from '../http/auth-failure-guard.js';
import { KeyCache } from '../http/key-cache.js';

/** The MCP server without the REST API, for running it as its own deployment. */
export async function startMcpService(runtime: Runtime, options: { port?: number; host?: string; clients?: OutsideClients } = {}): Promise<HttpService> {
  const app = express();
  app.disable('x-powered-by');
  app.use(requestId(runtime.logger));
  app.use(recordHttpMetrics(runtime));
  mountOpsEndpoints(app, runtime);
  const keys = new KeyCache(runtime, runtime.config.security.authCacheTtlMs);
  await keys.start();
  mountMcp(app, runtime, options.clients ?? createOutsideClients(runtime), createRateLimiters(runtime), keys, new AuthFailureGuard(runtime));
  app.use(unknownRoute);
  app.use(errorMiddleware(runtime.logger));
  return serveHttp(app, runtime, { name: 'mcp', label: 'MCP server (/mcp)', port: options.port, host: options.host, afterStop: () => keys.stop() });
}
