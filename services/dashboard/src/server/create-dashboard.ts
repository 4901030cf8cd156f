import { fileURLToPath } from 'node:url';
import express, { type Router } from 'express';
import { notFound } from '@lps/common';
import { apiRoutes, createOutsideClients, createRateLimiters, errorMiddleware, mountMethodAnswers, mountRoutes, type OutsideClients } from '@lps/api';
import type { Runtime } from '@lps/runtime';
import { SANDBOX_AUTHORIZE_PATH } from '../domain/sign-in/begin-sign-in.js';
import { authRoutes } from './auth-routes.js';
import { EventHub } from './events/event-hub.js';
import { mountEventsRoute } from './events/events-route.js';
import { refuseCrossOrigin } from './csrf.js';
import { notFoundPage } from './pages/pages.js';
import { accountRoutes } from './routes/account-routes.js';
import { keyRoutes } from './routes/key-routes.js';
import { sandboxRoutes } from './routes/sandbox-routes.js';
import { sessionRoutes } from './routes/session-routes.js';
import { setJsonHeaders } from './security-headers.js';
import { serveWeb } from './serve-web.js';
import { sessionAuth } from './session-auth.js';
import { createSignInLimiter } from './sign-in-limiter.js';

/** Where Vite builds the web app: services/dashboard/dist/web, from src/server or dist/server alike. */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../dist/web', import.meta.url));

export interface DashboardOptions {
  /** The built web app (index.html + assets/); tests point it at a fixture. */
  webRoot?: string;
  clients?: OutsideClients;
  /** Check every JSON answer against its route's declared schema (tests). */
  validateResponses?: boolean;
}

export interface Dashboard {
  /** Mounted at `/`: on the API's app by `npm start`, on its own app by the dashboard's main. */
  router: Router;
  /** The process's live event streams (decision 0039). */
  events: EventHub;
  /** Ends the live streams: call it when the HTTP server starts stopping, or it would wait for them. */
  stop(): Promise<void>;
}

/** Paths the API's app answers (or, with the dashboard alone, its JSON 404): never the dashboard's 404 page. */
const API_OWNED = /^\/(?:api(?:\/|$)|mcp(?:\/|$)|files\/|oauth\/|admin\/|health$)/;
const DASHBOARD_OWNED = /^\/(?:dashboard|auth)(?:\/|$)/;
const UPLOAD_PATH = /^\/dashboard\/api\/v1\/posts\/[^/]+\/images\/upload$/;

/**
 * The dashboard's server (decision 0034): the JSON the pages read (`/dashboard/api/…`, the API's own
 * routes under `/dashboard/api/v1` behind the session), sign-in, the web app's shell and assets, and a
 * 404 page for every other path it owns. Every state-changing request passes the CSRF rule first.
 */
export function createDashboard(runtime: Runtime, options: DashboardOptions = {}): Dashboard {
  const clients = options.clients ?? createOutsideClients(runtime);
  const signInWait = createSignInLimiter(runtime);
  const context = { runtime, clients, signInWait };
  const limiters = createRateLimiters(runtime);
  const auth = sessionAuth(runtime, clients);
  const mountOptions = { runtime, clients, limiters, auth, validateResponses: options.validateResponses };

  const router = express.Router();
  const web = serveWeb(options.webRoot ?? DEFAULT_WEB_ROOT);
  // The server's own pages (sign-in, 404, refusals) wear the app's icon and stylesheet.
  router.use((req, res, next) => (API_OWNED.test(req.path) ? next() : web.pageHead(req, res, next)));
  const csrf = refuseCrossOrigin({
    publicOrigin: new URL(runtime.config.http.publicBaseUrl).origin,
    formPaths: (path) => path === SANDBOX_AUTHORIZE_PATH,
    multipartPaths: (path) => UPLOAD_PATH.test(path),
  });
  router.use((req, res, next) => (DASHBOARD_OWNED.test(req.path) ? csrf(req, res, next) : next()));

  const { pollMs, heartbeatMs } = runtime.config.dashboard.events;
  const events = new EventHub(runtime.repositories, { pollMs, heartbeatMs, sessionCheckMs: 5 * pollMs, log: runtime.logger });

  const json = express.Router();
  json.use((_req, res, next) => {
    setJsonHeaders(res);
    next();
  });
  mountEventsRoute(json, events, { auth, limiters, runtime });
  const v1 = express.Router();
  // Every route of /api/v1 but /health and /openapi.json, as it is: the same validation, use cases and envelope.
  const memberRoutes = apiRoutes().filter((route) => route.auth !== false);
  mountRoutes(v1, memberRoutes, mountOptions);
  // A known path with another method is 405 with Allow, as under /api/v1 (decision 0028).
  mountMethodAnswers(v1, memberRoutes);
  json.use('/v1', v1);
  mountRoutes(json, [...sessionRoutes(context), ...keyRoutes(context), ...accountRoutes(), ...sandboxRoutes()], mountOptions);
  json.use((req, _res, next) => next(notFound(`route ${req.method} ${req.baseUrl}${req.path}`)));
  json.use(errorMiddleware(runtime.logger));
  router.use('/dashboard/api', json);

  router.use(authRoutes(runtime, clients, signInWait));
  router.use(web.assets);
  router.use(web.shell);
  router.use((req, res, next) => (API_OWNED.test(req.path) ? next() : notFoundPage(res, req.path)));
  router.use(errorMiddleware(runtime.logger));
  return {
    router,
    events,
    stop: async () => {
      events.stop();
    },
  };
}
