import { defineRoute, type RouteDefinition } from '../http/route.js';
import { idParams } from '../schemas/common.js';
import { AnalyticsSchema, PostAnalyticsSchema } from '../schemas/publishing.js';
import { getAccountAnalytics, getAnalyticsHistory, getAnalyticsSummary, getPostAnalytics, listPublishedPosts } from '../domain/analytics/index.js';
import { HistorySchema, PublishedPostsQuery, PublishedPostsSchema, SummaryEnvelopeSchema, SummaryQuery } from '../schemas/analytics.js';

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
    path: '/posts/:id/analytics/history',
    summary: "Every reading lps kept of one post's numbers, oldest first (LinkedIn gives no daily figures per post)",
    tag: 'Analytics',
    request: { params: idParams },
    responses: { 200: { description: "The post's readings", schema: HistorySchema } },
    errors: [404, 422],
    handler: async ({ caller, params, deps }) => ({ status: 200, body: await getAnalyticsHistory(deps, caller.memberId, params.id) }),
  }),
  defineRoute({
    method: 'get',
    path: '/analytics/summary',
    summary: 'KPIs of the posts published in the last `days` against the `days` before; available false, with the reason in words, when no analytics can be read',
    tag: 'Analytics',
    request: { query: SummaryQuery },
    responses: { 200: { description: 'The two periods', schema: SummaryEnvelopeSchema } },
    errors: [422],
    handler: async ({ caller, query, deps }) => ({ status: 200, body: await getAnalyticsSummary(deps, caller.memberId, query, new Date()) }),
  }),
  defineRoute({
    method: 'get',
    path: '/analytics/posts',
    summary: 'The posts published in the last `days`, sorted by publication, impressions or engagement rate, with their numbers (keyset cursor pagination)',
    tag: 'Analytics',
    request: { query: PublishedPostsQuery },
    responses: { 200: { description: 'One page of published posts', schema: PublishedPostsSchema } },
    errors: [422],
    handler: async ({ caller, query, deps }) => ({ status: 200, body: await listPublishedPosts(deps, caller.memberId, query, new Date()) }),
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
