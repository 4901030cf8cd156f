import type { Runtime } from '@lps/runtime';
import type { AppServices } from '../services.js';

/** What a use case may touch: the HTTP routes and the MCP tools both pass the same. */
export interface UseCaseDeps {
  runtime: Runtime;
  services: AppServices;
}
