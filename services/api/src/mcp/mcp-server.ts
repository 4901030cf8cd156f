import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { UseCaseDeps } from '../domain/deps.js';
import type { RateLimiters } from '../http/middleware/rate-limit.js';
import { toInlineJsonSchema } from '../http/openapi/joi-to-openapi.js';
import type { Caller } from '../http/route.js';
import { SERVICE_VERSION } from '../version.js';
import { runTool } from './run-tool.js';
import type { ToolDefinition } from './tool.js';

const INSTRUCTIONS =
  'Tools for one LinkedIn member’s posts: ideas (list, generate, research), drafts (create, edit, regenerate), ' +
  'images (generate, upload by URL, select), scheduling, the posting schedule and queue, best times, review ' +
  '(approve or reject only on the member’s word), publishing and analytics. Errors carry the REST API’s ' +
  'codes (validation_error, not_found, conflict, unprocessable, rate_limited, service_unavailable).';

/** The tool list as MCP shows it; computed once per process. */
export function describeTools(tools: ToolDefinition[]) {
  return tools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: { ...toInlineJsonSchema(tool.input), type: 'object' as const },
    annotations: { title: tool.title, readOnlyHint: Boolean(tool.readOnly), destructiveHint: Boolean(tool.destructive), openWorldHint: false },
  }));
}

/** A server for one authenticated caller (stateless transport: one per HTTP request). */
export function createMcpServer(
  tools: ToolDefinition[],
  described: ReturnType<typeof describeTools>,
  context: { deps: UseCaseDeps; caller: Caller; limiters: RateLimiters },
): Server {
  const server = new Server({ name: 'lps', version: SERVICE_VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  // One HTTP request (one server): the rate limit already took a default point for it.
  const prepaid = { default: 1 };
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: described }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools.find((candidate) => candidate.name === request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool ${request.params.name}`);
    return runTool(tool, request.params.arguments, { ...context, logger: context.deps.request.log, prepaid });
  });
  return server;
}
