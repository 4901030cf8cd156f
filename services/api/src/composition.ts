import type { Runtime } from '@lps/runtime';
import type { UseCaseDeps } from './domain/deps.js';
import type { RequestScope } from './domain/request-scope.js';
import type { OutsideClients } from './outside-clients.js';

/**
 * The API's composition: each port of UseCaseDeps given its implementation, once per
 * request. The shared ones come from the process's runtime (packages/runtime/src/runtime.ts
 * builds them); `UseCaseDeps` names the function behind each.
 */
export const useCaseDeps = (runtime: Runtime, clients: OutsideClients, request: RequestScope): UseCaseDeps => ({
  repos: runtime.repositories,
  queues: runtime.queues,
  calls: runtime.calls,
  announceEvents: runtime.announceEvents,
  config: runtime.config,
  keyring: runtime.keyring,
  metrics: runtime.metrics,
  clients,
  request,
});
