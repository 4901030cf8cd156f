import { startTelemetry } from '@lps/telemetry';

// Tracing (only when OTEL_* asks for it) hooks module loading, so it starts before the
// service's modules are imported: they are imported after it, dynamically.
await startTelemetry('publisher');
const { runStandalone } = await import('@lps/runtime');
const { startPublisherService } = await import('./service.js');

// This worker alone: `node services/publisher/dist/main.js`; scale it by running more of them.
await runStandalone('publisher', async (runtime) => [await startPublisherService(runtime)], { healthPort: true });
