import type { IncomingMessage } from 'node:http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { BullMQOtel } from 'bullmq-otel';

/** Probes and scrapes: a span each every few seconds per pod, and no request of a user. */
const PROBES = /^\/(health|ready|metrics)(\?|$)/;

/**
 * The OpenTelemetry Node SDK, configured by the standard OTEL_* variables (exporter,
 * endpoint, protocol, headers, sampler, resource attributes, propagators), with the
 * maintained instrumentations for node:http (the API's server, LinkedIn and webhook
 * requests), express, pg and ioredis, and BullMQ's own telemetry for jobs: a job's
 * span continues the trace of the request or job that enqueued it. Only traces are
 * exported unless OTEL_METRICS_EXPORTER / OTEL_LOGS_EXPORTER say otherwise: metrics
 * are Prometheus's (/metrics), logs are stdout's.
 */
export async function startSdk(service: string) {
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const sdk = new NodeSDK({
    // OTEL_SERVICE_NAME (or service.name in OTEL_RESOURCE_ATTRIBUTES) wins over ours.
    ...(process.env.OTEL_SERVICE_NAME || /(^|,)\s*service\.name=/.test(process.env.OTEL_RESOURCE_ATTRIBUTES ?? '') ? {} : { serviceName: `lps-${service}` }),
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request: IncomingMessage) => PROBES.test(request.url ?? '') }),
      // Spans that cost more than they tell: one per express middleware (the route's handler stays),
      // one per pool checkout, and commands outside any trace (BullMQ's polling and locks).
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      new PgInstrumentation({ ignoreConnectSpans: true, requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  return {
    queues: new BullMQOtel({ tracerName: 'lps' }),
    shutdown: () => sdk.shutdown(),
  };
}
