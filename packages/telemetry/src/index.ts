import { register } from 'node:module';
import type { Telemetry } from 'bullmq';

/**
 * Traces are off unless the standard OpenTelemetry variables ask for them: an OTLP
 * endpoint (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) or a
 * traces exporter (OTEL_TRACES_EXPORTER other than `none`), and OTEL_SDK_DISABLED not
 * `true`. When off, nothing of the SDK is loaded and every hook here is a no-op.
 */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporter = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase();
  if (exporter) return exporter.split(',').some((name) => name.trim() !== 'none');
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

interface Started {
  queues: Telemetry;
  shutdown(): Promise<void>;
}

let started: Started | undefined;

/**
 * Starts tracing for this process if asked (see `tracingRequested`). Must run before the
 * service's own modules are imported: it registers OpenTelemetry's module hook so that
 * express, pg, ioredis and node:http are instrumented when they load — hence every entry
 * point calls it first and imports the service afterwards, dynamically.
 */
export async function startTelemetry(service: string): Promise<void> {
  if (started || !tracingRequested()) return;
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const { startSdk } = await import('./sdk.js');
  started = await startSdk(service);
}

/** BullMQ's telemetry for queues and workers while tracing runs, else undefined (BullMQ then traces nothing). */
export const queueTelemetry = (): Telemetry | undefined => started?.queues;

/**
 * The active trace context as BullMQ carries it in a job (W3C `traceparent` in JSON), to
 * store beside work that continues later (an outbox row); undefined while tracing is off.
 */
export function currentTraceMetadata(): string | undefined {
  const contextManager = started?.queues.contextManager;
  return contextManager ? contextManager.getMetadata(contextManager.active()) : undefined;
}

/** Sends the spans still buffered; called once at shutdown. */
export async function stopTelemetry(): Promise<void> {
  const running = started;
  started = undefined;
  await running?.shutdown();
}
