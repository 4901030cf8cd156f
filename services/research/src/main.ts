import { startTelemetry } from '@lps/telemetry';

// Tracing (only when OTEL_* asks for it) hooks module loading, so it starts before the
// service's modules are imported: they are imported after it, dynamically.
await startTelemetry('research');
const { runStandalone } = await import('@lps/runtime');
const { startResearchService } = await import('./service.js');

// This worker alone: `node services/research/dist/main.js`; scale it by running more of them.
await runStandalone('research', async (runtime) => [await startResearchService(runtime)], { healthPort: true });
