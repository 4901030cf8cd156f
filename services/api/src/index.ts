export { createApp, type AppOptions } from './app.js';
export { startApiService, type ApiService } from './service.js';
export { createOutsideClients, type OutsideClients } from './outside-clients.js';
export { defineRoute, type RouteDefinition, type HandlerContext, type HandlerResult } from './http/route.js';
export type { UseCaseDeps } from './domain/deps.js';
export { startMcpService } from './mcp/mcp-service.js';
export { openApiDocument } from './http/openapi/api-document.js';
