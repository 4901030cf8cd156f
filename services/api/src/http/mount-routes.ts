import type { Request, RequestHandler, Response, Router } from 'express';
import { isAppError } from '@lps/common';
import type { Runtime } from '@lps/runtime';
import type { OutsideClients } from '../outside-clients.js';
import { errorToResult } from './errors.js';
import { withIdempotency } from './idempotency.js';
import { requestScopeOf } from './request-scope.js';
import { requireAccess, type AuthStrategy } from './auth-strategy.js';
import { parseJsonBody } from './middleware/parse-json-body.js';
import { rateLimit, type RateLimiters } from './middleware/rate-limit.js';
import { validateRequest } from './middleware/validate-request.js';
import { renderJson, routeAccess, type Caller, type HandlerResult, type RouteDefinition } from './route.js';
import { useCaseDeps } from '../composition.js';

export interface MountOptions {
  runtime: Runtime;
  clients: OutsideClients;
  limiters: RateLimiters;
  /** Who is calling: a bearer key (/api/v1) or a dashboard session (/dashboard/api/v1), decision 0034. */
  auth: AuthStrategy;
  /** Check every answer against the route's declared response schema (tests): keeps the OpenAPI document honest. */
  validateResponses?: boolean;
}

/**
 * GET and HEAD answers go through Express, which adds the weak ETag and answers a
 * fresh conditional request with 304. Other methods' answers are written directly:
 * an ETag on a POST serves no one, and Express's send (hashing the body, parsing the
 * content type back) was a visible share of the API's CPU under `npm run bench -- publish`
 * (docs/benchmarks/history.md, "Where the rest of the time goes").
 */
function send(req: Request, res: Response, result: HandlerResult): void {
  res.status(result.status).set(result.headers ?? {});
  if ((result.body === undefined && !result.raw) || result.status === 204) res.end();
  else if (req.method === 'GET' || req.method === 'HEAD') res.json(result.body);
  else {
    const rendered = result.raw ?? renderJson(result.body);
    if (!res.hasHeader('Content-Type')) res.setHeader('Content-Type', rendered.contentType);
    res.setHeader('Content-Length', Buffer.byteLength(rendered.text));
    res.end(rendered.text);
  }
}

function checkResponse(route: RouteDefinition, result: HandlerResult): void {
  const spec = route.responses[result.status];
  if (result.status >= 400) return;
  if (!spec) throw new Error(`${route.method.toUpperCase()} ${route.path} answered ${result.status}, which it does not declare`);
  if (!spec.schema) return;
  const { error } = spec.schema.validate(result.body, { allowUnknown: false, presence: 'optional' });
  if (error) throw new Error(`${route.method.toUpperCase()} ${route.path} answered outside its schema: ${error.message}`);
}

const runHandler =
  (route: RouteDefinition, options: MountOptions): RequestHandler =>
  async (req: Request, res, next) => {
    try {
      const validated = res.locals.validated as { params: never; query: never; body: never };
      const caller = res.locals.caller as Caller;
      const request = requestScopeOf(res);
      const deps = useCaseDeps(options.runtime, options.clients, request);
      const execute = async (): Promise<HandlerResult> => {
        try {
          return await route.handler({ ...validated, caller, deps, req, res });
        } catch (error) {
          // Expected errors become answers here, so the idempotency layer can store them.
          if (isAppError(error) && error.status < 500) return errorToResult(error, request.log, req);
          throw error;
        }
      };
      const result = route.idempotent && caller && options.auth.idempotency ? await withIdempotency(options.runtime, request.log, req, caller, execute) : await execute();
      if (options.validateResponses) checkResponse(route, result);
      send(req, res, result);
    } catch (error) {
      next(error);
    }
  };

/** Mounts each route with the contract's order of checks: auth → rate limit → key scope → shape → handler. */
export function mountRoutes(router: Router, routes: RouteDefinition[], options: MountOptions): void {
  for (const route of routes) {
    const chain: RequestHandler[] = [];
    if (route.auth !== false)
      chain.push(
        options.auth.authenticate,
        rateLimit(options.limiters, route.bucket ?? 'default', (bucket) => options.runtime.metrics.rateLimited.inc({ bucket })),
        requireAccess(routeAccess(route)),
      );
    chain.push(parseJsonBody(route), validateRequest(route), runHandler(route, options));
    router[route.method](route.path, ...chain);
  }
}
