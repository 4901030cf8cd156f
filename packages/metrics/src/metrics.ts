import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Anything with BullMQ's getJobCounts: the queues whose depth is exported. */
export interface CountableQueue {
  getJobCounts(...states: string[]): Promise<Record<string, number>>;
  /** Since when (ms since epoch) the oldest waiting job has been waiting, or undefined when none waits. */
  oldestWaitingSince?(): Promise<number | undefined>;
}

/** Checks of the process's dependencies, read at scrape time: each resolves when the dependency answers. */
export type DependencyChecks = Record<string, () => Promise<unknown>>;

/** A scrape must answer even when a dependency hangs: a check that takes longer counts as down. */
const DEPENDENCY_CHECK_MS = 1_000;

const answersWithin = async (check: () => Promise<unknown>, ms: number): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check().then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
};

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
  const dependencies: DependencyChecks = {};

  // Every metric registers on this service's registry only (never prom-client's global one).
  const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) =>
    new Histogram<L>({ name, help, labelNames, buckets, registers: [registry] });
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) => new Counter<L>({ name, help, labelNames, registers: [registry] });

  return {
    registry,
    httpRequestDuration: histogram(
      'lps_http_request_duration_seconds',
      'HTTP request duration by route template, method and status',
      ['method', 'route', 'status'],
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    ),
    jobDuration: histogram(
      'lps_job_duration_seconds',
      'Time a worker spent on a job, by queue, job name and outcome',
      ['queue', 'job', 'outcome'],
      [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    ),
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
    queueOldestWaiting: new Gauge({
      name: 'lps_queue_oldest_waiting_seconds',
      help: 'How long the oldest waiting job of each queue has waited (0 when none waits), read at scrape time',
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        for (const [name, queue] of Object.entries(queues)) {
          if (!queue.oldestWaitingSince) continue;
          const since = await queue.oldestWaitingSince().catch(() => null);
          if (since === null) continue;
          this.set({ queue: name }, since === undefined ? 0 : Math.max(0, (Date.now() - since) / 1000));
        }
      },
    }),
    dependencyUp: new Gauge({
      name: 'lps_dependency_up',
      help: 'Whether the process reaches each dependency (1) or not (0), checked at scrape time',
      labelNames: ['dependency'] as const,
      registers: [registry],
      async collect() {
        const entries = Object.entries(dependencies);
        const answers = await Promise.all(entries.map(([, check]) => answersWithin(check, DEPENDENCY_CHECK_MS)));
        entries.forEach(([name], i) => this.set({ dependency: name }, answers[i] ? 1 : 0));
      },
    }),
    scheduleLateness: histogram(
      'lps_schedule_lateness_seconds',
      "Time from a post's scheduled_at to its publication, for scheduled publications",
      [],
      [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 900],
    ),
    webhookEndpointPauses: counter('lps_webhook_endpoint_pauses_total', 'Endpoint pauses started or prolonged after time-outs in a row (a receiver not answering)', []),
    webhookDeliveries: counter('lps_webhook_delivery_attempts_total', 'Webhook delivery attempts by outcome (success, retry, failed, skipped)', ['outcome']),
    publishOutcomes: counter('lps_publish_total', 'Publications by outcome (published, recovered, retry, failed)', ['outcome']),
    rateLimited: counter('lps_rate_limited_total', 'Requests refused with 429 by rate-limit bucket', ['bucket']),
    apiKeyLookups: counter('lps_api_key_lookups_total', 'API key lookups that read the database (cache misses), by result (found, unknown)', ['result']),
    /** Exports the depth of these queues (called once by the runtime). */
    watchQueues(toWatch: Record<string, CountableQueue>): void {
      Object.assign(queues, toWatch);
    },
    /** Exports `lps_dependency_up` for these dependencies (called once by the runtime). */
    watchDependencies(checks: DependencyChecks): void {
      Object.assign(dependencies, checks);
    },
    /**
     * Exports `lps_network_connections_expiring`: LinkedIn connections that end within the
     * warning window without a refresh to carry them (the publisher, which owns them, calls it).
     */
    watchExpiringConnections(count: () => Promise<number>): void {
      // Declared once per registry: several publishers may share one runtime (npm start, tests).
      if (registry.getSingleMetric('lps_network_connections_expiring')) return;
      new Gauge({
        name: 'lps_network_connections_expiring',
        help: 'Network connections ending within LPS_TOKEN_EXPIRY_WARNING that no refresh token carries further, read at scrape time',
        registers: [registry],
        async collect() {
          const expiring = await count().catch(() => undefined);
          if (expiring !== undefined) this.set(expiring);
        },
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
