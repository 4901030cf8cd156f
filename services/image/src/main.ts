import { startTelemetry } from '@lps/telemetry';

// Tracing (only when OTEL_* asks for it) hooks module loading, so it starts before the
// service's modules are imported: they are imported after it, dynamically.
await startTelemetry('image');
const { runStandalone } = await import('@lps/runtime');
const { startImageService } = await import('./service.js');

// This worker alone: `node services/image/dist/main.js`; scale it by running more of them.
await runStandalone('image', async (runtime) => [await startImageService(runtime)], { healthPort: true });
