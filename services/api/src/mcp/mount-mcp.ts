import express, { type Express, type RequestHandler } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Runtime } from '@lps/runtime';
import type { AppServices } from '../services.js';
import { authenticate } from '../http/middleware/authenticate.js';
import type { KeyCache } from '../http/key-cache.js';
import { rateLimit, type RateLimiters } from '../http/middleware/rate-limit.js';
import type { Caller } from '../http/route.js';
import { createMcpServer, describeTools } from './mcp-server.js';
import { allTools } from './tools/index.js';

export const MCP_PATH = '/mcp';

/**
 * The MCP server on Streamable HTTP, stateless: every POST carries the API key,
 * is authenticated and rate-limited like the REST API, and gets a server bound
 * to that member. GET (server-sent streams) and DELETE (sessions) are not offered.
 */
export function mountMcp(app: Express, runtime: Runtime, services: AppServices, limiters: RateLimiters, keys: KeyCache): void {
  const described = describeTools(allTools);
  const handle: RequestHandler = async (req, res, next) => {
    try {
      const caller = res.locals.caller as Caller;
      const server = createMcpServer(allTools, described, { deps: { runtime, services }, caller, limiters });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch (error) {
      next(error);
    }
  };
  app.post(
    MCP_PATH,
    authenticate(keys),
    rateLimit(limiters, 'default', (bucket) => runtime.metrics.rateLimited.inc({ bucket })),
    express.json({ limit: '1mb' }),
    handle,
  );
  const notAllowed: RequestHandler = (_req, res) => {
    res.setHeader('Allow', 'POST');
    res.status(405).json({ jsonrpc: '2.0', error: { code: -32000, message: 'method not allowed: this MCP server is stateless, use POST' }, id: null });
  };
  app.get(MCP_PATH, notAllowed);
  app.delete(MCP_PATH, notAllowed);
}
