import { allRoutes } from '../../routes/index.js';
import type { RouteDefinition } from '../route.js';
import { buildOpenApiDocument } from './build-document.js';

let built: Record<string, unknown> | undefined;

/**
 * The OpenAPI document of /api/v1: what the API serves at /api/v1/openapi.json, and what @lps/client
 * is generated from at build time (so it cannot drift). It follows from the code alone, so a process
 * builds it once, and only when it is first asked for: most starts of the API and the dashboard never
 * serve it, and building it is the costliest step of a start.
 */
export function openApiDocument(): Record<string, unknown> {
  built ??= buildOpenApiDocument(apiRoutes());
  return built;
}

/** Every route of /api/v1, its OpenAPI route answering with the document above. */
export const apiRoutes = (): RouteDefinition[] => allRoutes(openApiDocument);
