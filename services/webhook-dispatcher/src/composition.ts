import { createGuardedRequestSender, PrivateAddressError, resolvePublicAddresses } from '@lps/outbound';
import type { Runtime } from '@lps/runtime';
import { createEndpointPauses } from './adapters/endpoint-pauses.js';
import { createEndpointSlots } from './adapters/endpoint-slots.js';
import { createMemberShares } from './adapters/member-shares.js';
import { createDeliveryRecords } from './domain/delivery/delivery-records.js';
import { createSecretCache } from './domain/delivery/endpoint-secrets.js';
import { SNIPPET_BYTES } from './domain/delivery/send-delivery.js';
import type { DispatcherContext } from './domain/dispatcher-context.js';

/** A slot lease outlives the receiver time-out; a dispatcher killed mid-request frees it after this. */
const SLOT_LEASE_MARGIN_MS = 5_000;
/**
 * A job of a busy endpoint waits in the process for a slot only if one is due
 * within this time (judged from the endpoint's recent requests), and never
 * longer than the second: a slow endpoint's jobs are postponed at once.
 */
const SLOT_EXPECTED_WAIT_MS = 50;
const SLOT_MAX_WAIT_MS = 250;
/**
 * Attempts of an endpoint one process may have sent (or be sending) and not yet
 * recorded, per slot: a slot carries the next request while the last one is
 * recorded, and a SIGKILL re-sends at most this many times the endpoint
 * concurrency per process (decision 0003).
 */
const UNRECORDED_PER_SLOT = 2;

/** The outbound guard's own rule (every address of the host checked); a host that does not resolve is not private. */
async function isPrivateHost(host: string): Promise<boolean> {
  try {
    await resolvePublicAddresses(host, false);
    return false;
  } catch (error) {
    return error instanceof PrivateAddressError;
  }
}

/** The dispatcher's composition: each port of DispatcherContext given its implementation, once per process. */
export function dispatcherContext(runtime: Runtime): DispatcherContext {
  const { config, redis } = runtime;
  const settings = config.webhooks;
  const pauses = createEndpointPauses(redis, config.redis.prefix);
  const leaseMs = settings.timeoutMs + SLOT_LEASE_MARGIN_MS;
  return {
    repos: runtime.repositories,
    queues: runtime.queues,
    endpointSecret: createSecretCache(runtime.keyring),
    metrics: runtime.metrics,
    sender: createGuardedRequestSender({ allowPrivate: config.security.allowPrivateUrls, timeoutMs: settings.timeoutMs, maxBodyBytes: SNIPPET_BYTES }),
    records: createDeliveryRecords(runtime.repositories),
    slots: createEndpointSlots(redis, config.redis.prefix, {
      onPauseSeen: (endpointId, pausedUntil, timeouts) => pauses.learn(endpointId, pausedUntil, timeouts),
      limit: settings.endpointConcurrency,
      unrecordedLimit: UNRECORDED_PER_SLOT * settings.endpointConcurrency,
      leaseMs,
      // Half the margin: a handed-over lease always has the receiver time-out plus 2.5 s to live.
      renewAfterMs: SLOT_LEASE_MARGIN_MS / 2,
      expectedWaitMs: SLOT_EXPECTED_WAIT_MS,
      maxWaitMs: SLOT_MAX_WAIT_MS,
    }),
    // Both shared with every other dispatcher through Redis (decision 0020).
    shares: createMemberShares(redis, config.redis.prefix, { concurrency: settings.concurrency, leaseMs }),
    pauses,
    retryPolicy: { delaysMs: settings.retryDelaysMs },
    isPrivateHost,
    log: runtime.logger,
  };
}
