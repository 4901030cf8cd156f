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

  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'lps_http_request_duration_seconds',
      help: 'HTTP request duration by route template, method and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: 'lps_job_duration_seconds',
      help: 'Time a worker spent on a job, by queue, job name and outcome',
      labelNames: ['queue', 'job', 'outcome'] as const,
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    }),
    jobOutcomes: new Counter({
      name: 'lps_jobs_total',
      help: 'Jobs finished by queue, job name and outcome (completed, retrying, failed)',
      labelNames: ['queue', 'job', 'outcome'] as const,
      registers: [registry],
    }),
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
    webhookDeliveries: new Counter({
      name: 'lps_webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts by outcome (success, retry, failed, skipped)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    publishOutcomes: new Counter({
      name: 'lps_publish_total',
      help: 'Publications by outcome (published, recovered, retry, failed)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    rateLimited: new Counter({
      name: 'lps_rate_limited_total',
      help: 'Requests refused with 429 by rate-limit bucket',
      labelNames: ['bucket'] as const,
      registers: [registry],
    }),
    /** Exports the depth of these queues (called once by the runtime). */
    watchQueues(toWatch: Record<string, CountableQueue>): void {
      Object.assign(queues, toWatch);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
