import type { Runtime } from '@lps/runtime';
import type { RequestScope } from './request-scope.js';
import type { OutsideClients } from '../outside-clients.js';

/** What a use case may touch: the HTTP routes and the MCP tools both pass the same. */
export interface UseCaseDeps {
  runtime: Runtime;
  clients: OutsideClients;
  /** The request being served: log through `request.log`, and give its id to the jobs it causes. */
  request: RequestScope;
}
