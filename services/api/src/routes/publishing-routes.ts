import { defineRoute, type RouteDefinition } from '../http/route.js';
import { idParams } from '../schemas/common.js';
import { AsyncEnvelopeSchema, PostEnvelopeSchema } from '../schemas/post.js';
import { AttachNetworkPostBody, ScheduleBody } from '../schemas/publishing.js';
import { attachNetworkPost, listPublicationFailures, requestPublication, schedulePost } from '../domain/publishing/index.js';
import { FailuresQuery, FailuresSchema } from '../schemas/failures.js';

export const publishingRoutes: RouteDefinition[] = [
  defineRoute({
    method: 'post',
    path: '/posts/:id/schedule',
    access: 'publish',
    summary: 'Schedule (or reschedule) a post; the service publishes it at scheduled_at',
    tag: 'Publishing',
    idempotent: true,
    request: { params: idParams, body: ScheduleBody },
    responses: { 200: { description: 'The scheduled post', schema: PostEnvelopeSchema } },
    errors: [404, 409, 422],
    handler: async ({ caller, params, body, deps }) => ({
      status: 200,
      body: await schedulePost(deps, caller.memberId, { id: params.id, scheduled_at: body.scheduled_at }),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/posts/:id/publish',
    access: 'publish',
    summary: 'Publish a post now (background job publish-<id>; a repeat while in flight joins it)',
    tag: 'Publishing',
    idempotent: true,
    request: { params: idParams },
    responses: { 202: { description: 'Accepted; poll the post or subscribe to post.published', schema: AsyncEnvelopeSchema } },
    errors: [404, 409, 422],
    handler: async ({ caller, params, deps }) => ({
      status: 202,
      body: await requestPublication(deps, caller.memberId, { id: params.id }),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/posts/:id/network-post',
    access: 'publish',
    summary: 'Attach the network post this post already is (a URN named by a failed publication, say): it becomes published and its analytics follow',
    tag: 'Publishing',
    idempotent: true,
    request: { params: idParams, body: AttachNetworkPostBody },
    responses: { 200: { description: 'The post, now published as that URN', schema: PostEnvelopeSchema } },
    errors: [404, 409, 422],
    handler: async ({ caller, params, body, deps }) => ({
      status: 200,
      body: await attachNetworkPost(deps, caller.memberId, params.id, body.network_post_urn),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/publication-failures',
    summary:
      'The failure inbox: posts whose last publication failed for good and that nothing has published, retried, scheduled or queued since, newest first, with the reason in words',
    tag: 'Publishing',
    request: { query: FailuresQuery },
    responses: { 200: { description: 'One page of failures', schema: FailuresSchema } },
    errors: [422],
    handler: async ({ caller, query, deps }) => ({ status: 200, body: await listPublicationFailures(deps, caller.memberId, query) }),
  }),
];
