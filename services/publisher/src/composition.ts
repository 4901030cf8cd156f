import { createNetwork, type Network } from '@lps/network';
import type { Runtime } from '@lps/runtime';
import { createStorage } from '@lps/storage';
import { createPauseHook } from './adapters/test-pause.js';
import { createQuotaPause } from './adapters/quota-pause.js';
import type { PublisherContext } from './domain/publisher-context.js';
import { RetiredVersionAlarm } from './domain/publish/retired-version.js';

export interface PublisherOptions {
  /** Another network than the configured one (tests). */
  network?: Network;
}

/** The publisher's composition: each port of PublisherContext given its implementation, once per process. */
export function publisherContext(runtime: Runtime, options: PublisherOptions = {}): PublisherContext {
  const { config, logger: log } = runtime;
  const pause = createPauseHook(config.network.testPauseAt, log);
  return {
    repos: runtime.repositories,
    queues: runtime.queues,
    config,
    keyring: runtime.keyring,
    metrics: runtime.metrics,
    announceEvents: runtime.announceEvents,
    analyticsPause: createQuotaPause(runtime.redis, config.redis.prefix),
    network:
      options.network ??
      createNetwork(config, { redis: runtime.redis, logger: log, sandbox: { afterPublishStored: (post) => pause('network-call', post.reference.replace(/^lps-/, '')) } }),
    storage: createStorage(config),
    pause,
    retiredVersion: new RetiredVersionAlarm(log),
    log,
  };
}
