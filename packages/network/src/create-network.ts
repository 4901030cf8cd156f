import type { Config } from '@lps/config';
import { LinkedInNetwork } from './linkedin/linkedin-network.js';
import type { NetworkLogger } from './linkedin/settings.js';
import type { Network } from './network.js';
import { RedisSandboxStore, type SandboxRedis } from './sandbox/redis-sandbox-store.js';
import { SandboxNetwork, type SandboxOptions } from './sandbox/sandbox-network.js';
import { MemorySandboxStore } from './sandbox/sandbox-store.js';

export interface NetworkDependencies {
  /** Where the sandbox keeps its state; without it the sandbox lives in this process's memory only. */
  redis?: SandboxRedis;
  logger?: NetworkLogger;
  sandbox?: SandboxOptions;
}

/** The network chosen by LPS_NETWORK. */
export function createNetwork(config: Config, dependencies: NetworkDependencies = {}): Network {
  if (config.network.mode === 'linkedin') return new LinkedInNetwork(config.network.linkedin, dependencies.logger);
  const store = dependencies.redis ? new RedisSandboxStore(dependencies.redis, config.redis.prefix) : new MemorySandboxStore();
  return new SandboxNetwork(store, { publishAttempts: config.network.publish.attempts, ...dependencies.sandbox });
}
