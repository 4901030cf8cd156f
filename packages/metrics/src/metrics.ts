import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Anything with BullMQ's getJobCounts: the queues whose depth is exported. */
export interface CountableQueue {
  getJobCounts(...states: string[]): Promise<Record<string, number>>;
}

export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed', 'prioritized', 'waiting-children'] as const;

/**
 * The service's Prometheus metrics. Label values are bounded: route templates
 * (never raw paths), queue and job names from the catalog, fixed outcome words.
 */
export function createMetrics(service: string) {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry, prefix: 'lps_' });
  const queues: Record<string, CountableQueue> = {};

  // Every metric registers on this service's registry only (never prom-client's global one).
  const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) =>
    new Histogram<L>({ name, help, labelNames, buckets, registers: [registry] });
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) => new Counter<L>({ name, help, labelNames, registers: [registry] });

  return {
    registry,
    httpRequestDuration: histogram('lps_http_request_duration_seconds', 'HTTP request duration by route template, method and status', ['method', 'route', 'status'], [
      0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]),
    jobDuration: histogram('lps_job_duration_seconds', 'Time a worker spent on a job, by queue, job name and outcome', ['queue', 'job', 'outcome'], [
      0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60,
    ]),
    jobOutcomes: counter('lps_jobs_total', 'Jobs finished by queue, job name and outcome (completed, retrying, failed)', ['queue', 'job', 'outcome']),
    queueJobs: new Gauge({
      name: 'lps_queue_jobs',
      help: 'Jobs in each queue by state (waiting, active, delayed, failed, …), read at scrape time',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        for (const [name, queue] of Object.entries(queues)) {
          // Redis down: the scrape still answers, with the last depths read (readiness reports the outage).
          const counts = await queue.getJobCounts(...QUEUE_STATES).catch(() => undefined);
          if (!counts) continue;
          for (const state of QUEUE_STATES) this.set({ queue: name, state }, counts[state] ?? 0);
        }
      },
    }),
    webhookDeliveries: counter('lps_webhook_delivery_attempts_total', 'Webhook delivery attempts by outcome (success, retry, failed, skipped)', ['outcome']),
    publishOutcomes: counter('lps_publish_total', 'Publications by outcome (published, recovered, retry, failed)', ['outcome']),
    rateLimited: counter('lps_rate_limited_total', 'Requests refused with 429 by rate-limit bucket', ['bucket']),
    apiKeyLookups: counter('lps_api_key_lookups_total', 'API key lookups that read the database (cache misses), by result (found, unknown)', ['result']),
    /** Exports the depth of these queues (called once by the runtime). */
    watchQueues(toWatch: Record<string, CountableQueue>): void {
      Object.assign(queues, toWatch);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
