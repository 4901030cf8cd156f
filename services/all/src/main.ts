import { startTelemetry } from '@lps/telemetry';

// Tracing (only when OTEL_* asks for it) hooks module loading, so it starts before the
// service's modules are imported: they are imported after it, dynamically.
await startTelemetry('all');
const { runStandalone } = await import('@lps/runtime');
const { startApiService } = await import('@lps/api');
const { createDashboard } = await import('@lps/dashboard');
const { startPublisherService } = await import('@lps/publisher');
const { startImageService } = await import('@lps/image');
const { startResearchService } = await import('@lps/research');
const { startWebhookDispatcherService } = await import('@lps/webhook-dispatcher');

// `npm start`: the API, the dashboard on the API's port at `/`, and every worker in one process,
// sharing one runtime. Shutdown stops the HTTP server first (nothing new comes in), then the workers.
await runStandalone(
  'lps',
  async (runtime) => {
    const dashboard = createDashboard(runtime);
    const api = await startApiService(runtime, { mount: [dashboard.router], beforeStop: () => dashboard.stop() });
    const workers = [await startPublisherService(runtime), await startImageService(runtime), await startResearchService(runtime), await startWebhookDispatcherService(runtime)];
    runtime.logger.info(`lps is running: http://127.0.0.1:${api.port}/ (the dashboard; API: /api/v1, OpenAPI: /api/v1/openapi.json, MCP: /mcp)`);
    return [api, ...workers];
  },
  { healthPort: true },
); // /ready and /metrics on the internal health port (LPS_HEALTH_PORT, 9464)
