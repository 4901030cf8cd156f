import { startTelemetry } from '@lps/telemetry';

// Tracing (only when OTEL_* asks for it) hooks module loading, so it starts before the
// service's modules are imported: they are imported after it, dynamically.
await startTelemetry('dashboard');
const { runStandalone } = await import('@lps/runtime');
const { startDashboardService } = await import('./service.js');

// The dashboard alone: `node services/dashboard/dist/main.js`, on PORT (default 3000) like the API.
// /ready and /metrics are served on the internal health port (LPS_HEALTH_PORT), as for every process.
await runStandalone('dashboard', async (runtime) => [await startDashboardService(runtime)], { healthPort: true });
