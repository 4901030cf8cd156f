import { startTelemetry } from '@lps/telemetry';

// Tracing (only when OTEL_* asks for it) hooks module loading, so it starts before the
// service's modules are imported: they are imported after it, dynamically.
await startTelemetry('api');
const { runStandalone } = await import('@lps/runtime');
const { startApiService } = await import('./service.js');

// The API alone: `node services/api/dist/main.js`.
// /ready and /metrics are served on the internal health port (LPS_HEALTH_PORT), as for every worker.
await runStandalone('api', async (runtime) => [await startApiService(runtime)], { healthPort: true });
