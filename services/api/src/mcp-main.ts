import { runStandalone } from '@lps/runtime';
import { startMcpService } from './mcp/mcp-service.js';

// The MCP server alone: `node services/api/dist/mcp-main.js` (the API process also serves it at /mcp).
await runStandalone('mcp', async (runtime) => [await startMcpService(runtime)]);
