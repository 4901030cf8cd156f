import { defineRoute, type RouteDefinition } from '../http/route.js';
import { idParams } from '../schemas/common.js';
import { AnalyticsSchema, PostAnalyticsSchema } from '../schemas/publishing.js';
import { getAccountAnalytics } from '../domain/publishing/account-analytics.js';
import { getPostAnalytics } from '../domain/publishing/post-analytics.js';

export const analyticsRoutes: RouteDefinition[] = [
  defineRoute({
    method: 'get',
    path: '/posts/:id/analytics',
    summary: 'Metrics of one post as last read from the network (refreshed_at); a due refresh is enqueued, never awaited',
    tag: 'Analytics',
    request: { params: idParams },
    responses: { 200: { description: "The post's metrics (zeros until it is published)", schema: PostAnalyticsSchema } },
    errors: [404, 422],
    handler: async ({ caller, params, deps }) => ({
      status: 200,
      body: await getPostAnalytics(deps, caller.memberId, { id: params.id }),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/analytics',
    summary: 'Account KPIs and the top posts by engagement',
    tag: 'Analytics',
    responses: { 200: { description: 'KPIs and top posts', schema: AnalyticsSchema } },
    errors: [422],
    handler: async ({ caller, deps }) => ({
      status: 200,
      body: await getAccountAnalytics(deps, caller.memberId),
    }),
  }),
];
