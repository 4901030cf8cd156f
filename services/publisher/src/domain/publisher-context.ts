import type { NeedsOf } from '@lps/common';
import type { Config } from '@lps/config';
import type { Repositories } from '@lps/db';
import type { Logger } from '@lps/logger';
import type { Network, SecretBox } from '@lps/network';
import type { Queues } from '@lps/queue';
import type { FileStorage } from '@lps/storage';
import type { AnalyticsPause } from './analytics/analytics-pause.js';
import type { RetiredVersionAlarm } from './publish/retired-version.js';
import type { PauseHook } from './publish/pause-hook.js';

/** The publisher's own metrics (lps_publish_total, lps_schedule_lateness_seconds). */
export interface PublisherMetrics {
  publishOutcomes: { inc(labels: { outcome: 'published' | 'recovered' | 'retry' | 'failed' }): void };
  scheduleLateness: { observe(seconds: number): void };
}

/**
 * What the publisher's jobs work with, built once by `publisherContext` (src/composition.ts)
 * from the runtime. A use case declares the part it uses with `Needs<…>`, so a test hands
 * it those alone, in memory (decision 0025). Each port names the function that implements it.
 */
export interface PublisherContext {
  /** Every repository function, its client bound (`createRepositories`, packages/db/src/access/repositories.ts). */
  repos: Repositories;
  /** `createQueues` (packages/queue/src/queues.ts). */
  queues: Queues;
  /** `loadConfig` (packages/config/src/load-config.ts). */
  config: Config;
  /** Opens the members' stored LinkedIn tokens: the runtime's `Keyring` (packages/crypto). */
  keyring: SecretBox;
  /** `createMetrics` (packages/metrics/src/metrics.ts). */
  metrics: PublisherMetrics;
  /** After a commit that appended outbox events: the dispatcher relays them now (`createEventAnnouncer`, packages/runtime/src/announce-events.ts). */
  announceEvents: (outboxIds: string[]) => Promise<void>;
  /** Whether LinkedIn's analytics quota is spent (a 429): every refresh waits for its reset (`createQuotaPause`, src/adapters/quota-pause.ts). */
  analyticsPause: AnalyticsPause;
  /** The sandbox or LinkedIn, as LPS_NETWORK says (`createNetwork`, packages/network/src/create-network.ts). */
  network: Network;
  /** `createStorage` (packages/storage/src/create-storage.ts). */
  storage: FileStorage;
  /** Does nothing outside the crash-safety test (`createPauseHook`, src/adapters/test-pause.ts). */
  pause: PauseHook;
  /** Raised by the first 426 NONEXISTENT_VERSION; one per process ({@link RetiredVersionAlarm}). */
  retiredVersion: RetiredVersionAlarm;
  /** The runtime's logger, or within a job the job's own (job_id, queue, request_id). */
  log: Logger;
}

/** What one use case uses: the repository functions `R`, and the other parts `O` of PublisherContext. */
export type Needs<R extends keyof Repositories = never, O extends Exclude<keyof PublisherContext, 'repos'> = never> = NeedsOf<PublisherContext, R, O>;
