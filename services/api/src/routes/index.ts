import type { RouteDefinition } from '../http/route.js';
import { aiPostRoutes } from './ai-post-routes.js';
import { ideaGenerationRoutes } from './idea-generation-routes.js';
import { ideaRoutes } from './idea-routes.js';
import { imageRoutes } from './image-routes.js';
import { metaRoutes } from './meta-routes.js';
import { analyticsRoutes } from './analytics-routes.js';
import { connectionRoutes } from './connection-routes.js';
import { publishingRoutes } from './publishing-routes.js';
import { planningRoutes } from './planning-routes.js';
import { postRoutes } from './post-routes.js';
import { reviewRoutes } from './review-routes.js';
import { templateRoutes } from './template-routes.js';
import { webhookRoutes } from './webhook-routes.js';

/** Every route of /api/v1. A feature adds its file and one entry here. */
export const allRoutes = (openapi: () => unknown): RouteDefinition[] => [
  ...metaRoutes(openapi),
  ...connectionRoutes,
  ...postRoutes,
  ...templateRoutes,
  ...ideaRoutes,
  ...aiPostRoutes,
  ...ideaGenerationRoutes,
  ...webhookRoutes,
  ...imageRoutes,
  ...publishingRoutes,
  ...analyticsRoutes,
  ...planningRoutes,
  ...reviewRoutes,
];
