import express, { type Express } from 'express';
import type { Runtime } from '@lps/runtime';
import { errorMiddleware, unknownRoute } from './http/errors.js';
import { mountMcp } from './mcp/mount-mcp.js';
import { AuthFailureGuard } from './http/auth-failure-guard.js';
import { KeyCache } from './http/key-cache.js';
import { mountOpsEndpoints, recordHttpMetrics } from './http/ops-endpoints.js';
import { mountRoutes } from './http/mount-routes.js';
import { requestId } from './http/middleware/request-id.js';
import { literalMalformedEscapes } from './http/input/malformed-escapes.js';
import { mountLocalFiles } from './http/serve-files.js';
import { createRateLimiters } from './http/middleware/rate-limit.js';
import { apiRoutesAndDocument } from './http/openapi/api-document.js';
import { linkedInCallbackRouter } from './oauth/linkedin-callback.js';
import { createOutsideClients, type OutsideClients } from './outside-clients.js';

export interface AppOptions {
  clients?: OutsideClients;
  validateResponses?: boolean;
  /** The API key cache (started by the service); a cache without a TTL when absent. */
  keys?: KeyCache;
}

export function createApp(runtime: Runtime, options: AppOptions = {}): Express {
  const clients = options.clients ?? createOutsideClients(runtime);
  const { routes } = apiRoutesAndDocument();

  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-For is believed only from a proxy on a private or loopback address (an ingress, a sidecar):
  // from anyone else it could name any address and dodge the per-address limits.
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(requestId(runtime.logger));
  app.use(recordHttpMetrics(runtime));
  app.use(literalMalformedEscapes);

  const api = express.Router();
  const limiters = createRateLimiters(runtime);
  const keys = options.keys ?? new KeyCache(runtime, 0);
  const failures = new AuthFailureGuard(runtime);
  mountRoutes(api, routes, { runtime, clients, limiters, keys, failures, validateResponses: options.validateResponses });
  app.use('/api/v1', api);
  mountOpsEndpoints(app, runtime);
  mountMcp(app, runtime, clients, limiters, keys, failures);
  app.use(linkedInCallbackRouter(runtime, clients));
  mountLocalFiles(app, clients.storage);
  app.use(unknownRoute);
  app.use(errorMiddleware(runtime.logger));
  return app;
}
