import type { NeedsOf } from '@lps/common';
import type { Config } from '@lps/config';
import type { Keyring } from '@lps/crypto';
import type { Repositories } from '@lps/db';
import type { Metrics } from '@lps/metrics';
import type { JobCalls, Queues } from '@lps/queue';
import type { RequestScope } from './request-scope.js';
import type { OutsideClients } from '../outside-clients.js';

/**
 * Everything a use case may be given: the HTTP routes, the MCP tools and the OAuth
 * callback build one per request (`useCaseDeps`, src/composition.ts). A use case declares
 * the part it uses with `Needs<…>`, so its signature says which repository functions it
 * calls and a test hands it those alone, in memory (decision 0025). Each port names the
 * function that implements it; the runtime (packages/runtime/src/runtime.ts) builds them once per process.
 */
export interface UseCaseDeps {
  /** Every repository function, its client bound (`createRepositories`, packages/db/src/access/repositories.ts): the SQL of a use case is one go-to-definition away. */
  repos: Repositories;
  /** `createQueues` (packages/queue/src/queues.ts). */
  queues: Queues;
  /** Jobs whose answer the request waits for (the image service's calls): `createJobCalls` (packages/queue/src/calls.ts). */
  calls: JobCalls;
  /** After a commit that appended outbox events: the dispatcher relays them now (`createEventAnnouncer`, packages/runtime/src/announce-events.ts). */
  announceEvents(outboxIds: string[]): Promise<void>;
  /** `loadConfig` (packages/config/src/load-config.ts). */
  config: Config;
  /** Seals and opens stored secrets: the `Keyring` class itself (packages/crypto). */
  keyring: Keyring;
  /** `createMetrics` (packages/metrics/src/metrics.ts). */
  metrics: Metrics;
  /** Network, text and research providers, storage, the upload fetcher: `createOutsideClients` (src/outside-clients.ts). */
  clients: OutsideClients;
  /** The request being served: log through `request.log`, and give its id to the jobs it causes. */
  request: RequestScope;
}

/** What one use case uses: the repository functions `R`, and the other parts `O` of UseCaseDeps. */
export type Needs<R extends keyof Repositories = never, O extends Exclude<keyof UseCaseDeps, 'repos'> = never> = NeedsOf<UseCaseDeps, R, O>;
