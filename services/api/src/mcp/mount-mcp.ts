import type { Express, RequestHandler } from 'express';
import type { Runtime } from '@lps/runtime';
import type { OutsideClients } from '../outside-clients.js';
import type { AuthFailureGuard } from '../http/auth-failure-guard.js';
import { authenticate } from '../http/middleware/authenticate.js';
import type { KeyCache } from '../http/key-cache.js';
import { rateLimit, type RateLimiters } from '../http/middleware/rate-limit.js';
import { requestScopeOf } from '../http/request-scope.js';
import type { Caller } from '../http/route.js';
import { JSON_RPC_CODES, mcpErrorMiddleware, readMcpBody, sendJsonRpcError } from './json-rpc-errors.js';
import { useCaseDeps } from '../composition.js';

export const MCP_PATH = '/mcp';

type McpModule = typeof import('./handle-mcp-request.js');
let loading: Promise<McpModule> | undefined;
/** The MCP SDK is imported on the first /mcp request, not at start: most API processes never serve one. */
const loadMcp = (): Promise<McpModule> =>
  (loading ??= import('./handle-mcp-request.js').catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));

/**
 * JSON-RPC batches (an array of messages in one POST) were dropped from MCP in
 * 2025-06-18 but the SDK still runs them, concurrently. A client has no need
 * for many in one request; a batch of more than MAX_BATCH_MESSAGES is refused
 * whole, before any message runs (each tool call is also charged on its own).
 */
export const MAX_BATCH_MESSAGES = 10;

const refuseLargeBatches: RequestHandler = (req, res, next) => {
  if (!Array.isArray(req.body) || req.body.length <= MAX_BATCH_MESSAGES) {
    next();
    return;
  }
  sendJsonRpcError(res, 400, JSON_RPC_CODES.invalidRequest, `Invalid Request: a batch may hold at most ${MAX_BATCH_MESSAGES} messages; this one has ${req.body.length}`);
};

/**
 * The MCP server on Streamable HTTP, stateless: every POST carries the API key,
 * is authenticated and rate-limited like the REST API, and gets a server bound
 * to that member. GET (server-sent streams) and DELETE (sessions) are not offered.
 * Every refusal on /mcp is a JSON-RPC error object (json-rpc-errors.ts).
 */
export function mountMcp(app: Express, runtime: Runtime, clients: OutsideClients, limiters: RateLimiters, keys: KeyCache, failures: AuthFailureGuard): void {
  const handle: RequestHandler = async (req, res, next) => {
    try {
      const { handleMcpRequest } = await loadMcp();
      await handleMcpRequest({ deps: useCaseDeps(runtime, clients, requestScopeOf(res)), caller: res.locals.caller as Caller, limiters }, req, res);
    } catch (error) {
      next(error);
    }
  };
  app.post(
    MCP_PATH,
    authenticate(keys, failures),
    rateLimit(limiters, 'default', (bucket) => runtime.metrics.rateLimited.inc({ bucket })),
    readMcpBody,
    refuseLargeBatches,
    handle,
    mcpErrorMiddleware(runtime.logger),
  );
  const notAllowed: RequestHandler = (_req, res) => {
    res.setHeader('Allow', 'POST');
    sendJsonRpcError(res, 405, JSON_RPC_CODES.serverError, 'method not allowed: this MCP server is stateless, use POST');
  };
  app.get(MCP_PATH, notAllowed);
  app.delete(MCP_PATH, notAllowed);
}
