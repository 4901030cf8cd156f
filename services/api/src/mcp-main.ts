import { startTelemetry } from '@lps/telemetry';

// Tracing (only when OTEL_* asks for it) hooks module loading, so it starts before the
// service's modules are imported: they are imported after it, dynamically.
await startTelemetry('mcp');
const { runStandalone } = await import('@lps/runtime');
const { startMcpService } = await import('./mcp/mcp-service.js');

// The MCP server alone: `node services/api/dist/mcp-main.js` (the API process also serves it at /mcp).
await runStandalone('mcp', async (runtime) => [await startMcpService(runtime)]);
