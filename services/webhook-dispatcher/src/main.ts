import { startTelemetry } from '@lps/telemetry';

// Tracing (only when OTEL_* asks for it) hooks module loading, so it starts before the
// service's modules are imported: they are imported after it, dynamically.
await startTelemetry('webhook-dispatcher');
const { runStandalone } = await import('@lps/runtime');
const { startWebhookDispatcherService } = await import('./service.js');

// This worker alone: `node services/webhook-dispatcher/dist/main.js`; scale it by running more of them.
await runStandalone('webhook-dispatcher', async (runtime) => [await startWebhookDispatcherService(runtime)], { healthPort: true });
