import type { Request, Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { UseCaseDeps } from '../domain/deps.js';
import type { RateLimiters } from '../http/middleware/rate-limit.js';
import type { Caller } from '../http/route.js';
import { createMcpServer, describeTools } from './mcp-server.js';
import { allTools } from './tools/index.js';

// Loaded by mount-mcp on the first /mcp request: the SDK (and hono under it)
// costs ~20 MB of RSS that an API serving only REST never needs.
const described = describeTools(allTools);

/** One stateless MCP exchange: a server bound to the caller, a JSON-response transport, closed with the response. */
export async function handleMcpRequest(context: { deps: UseCaseDeps; caller: Caller; limiters: RateLimiters }, req: Request, res: Response): Promise<void> {
  const server = createMcpServer(allTools, described, context);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
}
