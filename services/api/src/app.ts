import express, { type Express, type RequestHandler } from 'express';
import type { Runtime } from '@lps/runtime';
import { errorMiddleware, unknownRoute } from './http/errors.js';
import { mountMcp } from './mcp/mount-mcp.js';
import { AuthFailureGuard } from './http/auth-failure-guard.js';
import { bearerKeys } from './http/auth-strategy.js';
import { KeyCache } from './http/key-cache.js';
import { mountOpsEndpoints, recordHttpMetrics } from './http/ops-endpoints.js';
import { mountRoutes } from './http/mount-routes.js';
import { mountMethodAnswers } from './http/method-answers.js';
import { requestId } from './http/middleware/request-id.js';
import { literalMalformedEscapes } from './http/input/malformed-escapes.js';
import { mountLocalFiles } from './http/serve-files.js';
import { createRateLimiters } from './http/middleware/rate-limit.js';
import { apiRoutes } from './http/openapi/api-document.js';
import { linkedInCallbackRouter } from './oauth/linkedin-callback.js';
import { createOutsideClients, type OutsideClients } from './outside-clients.js';

export interface AppOptions {
  clients?: OutsideClients;
  /**
   * Routers mounted at `/` after the API's own paths and before its final 404 (`npm start` mounts the
   * dashboard here): /api/v1, /mcp, /files and the OAuth callback answer as before, whatever they serve.
   */
  mount?: RequestHandler[];
  validateResponses?: boolean;
  /** The API key cache (started by the service); a cache without a TTL when absent. */
  keys?: KeyCache;
}

export function createApp(runtime: Runtime, options: AppOptions = {}): Express {
  const clients = options.clients ?? createOutsideClients(runtime);
  const routes = apiRoutes();

  const app = createBaseApp(runtime);
  const api = express.Router();
  const limiters = createRateLimiters(runtime);
  const keys = options.keys ?? new KeyCache(runtime, 0);
  const failures = new AuthFailureGuard(runtime);
  mountRoutes(api, routes, { runtime, clients, limiters, auth: bearerKeys(keys, failures), validateResponses: options.validateResponses });
  mountMethodAnswers(api, routes);
  app.use('/api/v1', api);
  mountOpsEndpoints(app, runtime);
  mountMcp(app, runtime, clients, limiters, keys, failures);
  app.use(linkedInCallbackRouter(runtime, clients));
  mountLocalFiles(app, clients.storage);
  for (const handler of options.mount ?? []) app.use(handler);
  finishApp(app, runtime);
  return app;
}

/** What every HTTP entry of lps starts with: request ids, metrics, the proxy rule, malformed escapes. */
export function createBaseApp(runtime: Runtime): Express {
  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-For is believed only from a proxy on a private or loopback address (an ingress, a sidecar):
  // from anyone else it could name any address and dodge the per-address limits.
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(requestId(runtime.logger));
  app.use(recordHttpMetrics(runtime));
  app.use(literalMalformedEscapes);
  return app;
}

/** What every HTTP entry ends with: the JSON 404 for any path nobody served, and the one error renderer. */
export function finishApp(app: Express, runtime: Runtime): void {
  app.use(unknownRoute);
  app.use(errorMiddleware(runtime.logger));
}
