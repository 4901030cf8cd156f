import type { NeedsOf } from '@lps/common';
import type { Repositories } from '@lps/db';
import type { Logger } from '@lps/logger';
import type { GuardedRequestSender } from '@lps/outbound';
import type { Queues } from '@lps/queue';
import type { EndpointPauses, EndpointSlots, MemberShares } from './delivery/delivery-ports.js';
import type { DeliveryRecords } from './delivery/delivery-records.js';
import type { RetryPolicy } from './delivery/retry-policy.js';

/** The two counters a delivery moves (lps_webhook_delivery_attempts_total, lps_webhook_endpoint_pauses_total). */
export interface DispatcherMetrics {
  webhookDeliveries: { inc(labels: { outcome: 'success' | 'retry' | 'failed' | 'skipped' }): void };
  webhookEndpointPauses: { inc(): void };
}

/**
 * What the dispatcher's jobs work with, built once by `dispatcherContext`
 * (src/composition.ts) from the runtime. A use case declares the part it uses with
 * `Needs<…>`, so a test hands it those alone, in memory (decision 0025). Each port
 * names the function that implements it.
 */
export interface DispatcherContext {
  /** Every repository function, its client bound (`createRepositories`, packages/db/src/access/repositories.ts). */
  repos: Repositories;
  /** `createQueues` (packages/queue/src/queues.ts). */
  queues: Queues;
  /** An endpoint's signing secret from its stored form, decrypted once (`createSecretCache` over the runtime's Keyring, delivery/endpoint-secrets.ts). */
  endpointSecret: (secretEnc: string) => string;
  /** `createMetrics` (packages/metrics/src/metrics.ts). */
  metrics: DispatcherMetrics;
  /** POSTs a signed body through the outbound guard, reading a snippet of the answer (`createGuardedRequestSender`, packages/outbound/src/guarded-request-sender.ts). */
  sender: GuardedRequestSender;
  /** Delivery rows, read and written in shared statements (`createDeliveryRecords`, delivery/delivery-records.ts). */
  records: DeliveryRecords;
  /** Requests in flight per endpoint, across every dispatcher (`createEndpointSlots`, src/adapters/endpoint-slots.ts). */
  slots: EndpointSlots;
  /** Each member's share of the delivery slots, across every dispatcher (`createMemberShares`, src/adapters/member-shares.ts). */
  shares: MemberShares;
  /** Endpoints paused after time-outs in a row (`createEndpointPauses`, src/adapters/endpoint-pauses.ts). */
  pauses: EndpointPauses;
  /** The retry schedule: LPS_WEBHOOK_RETRY_SCHEDULE, given in src/composition.ts (`nextRetryDelay` reads it, delivery/retry-policy.ts). */
  retryPolicy: RetryPolicy;
  /** Whether a host is (or resolves to) a private, loopback or link-local address; false when it does not resolve (`isPrivateHost`, src/composition.ts). */
  isPrivateHost: (host: string) => Promise<boolean>;
  /** The runtime's logger, or within a job the job's own (job_id, queue, request_id). */
  log: Logger;
}

/** What one use case uses: the repository functions `R`, and the other parts `O` of DispatcherContext. */
export type Needs<R extends keyof Repositories = never, O extends Exclude<keyof DispatcherContext, 'repos'> = never> = NeedsOf<DispatcherContext, R, O>;
