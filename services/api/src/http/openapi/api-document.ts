import { allRoutes } from '../../routes/index.js';
import type { RouteDefinition } from '../route.js';
import { buildOpenApiDocument } from './build-document.js';

/**
 * Every route of /api/v1 and the OpenAPI document made from them: what the API serves at
 * /api/v1/openapi.json, and what @lps/client is generated from at build time (so it cannot drift).
 */
export function apiRoutesAndDocument(): { routes: RouteDefinition[]; document: Record<string, unknown> } {
  let document: Record<string, unknown> = {};
  const routes = allRoutes(() => document);
  document = buildOpenApiDocument(routes);
  return { routes, document };
}

export const openApiDocument = (): Record<string, unknown> => apiRoutesAndDocument().document;
