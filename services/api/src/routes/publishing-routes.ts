import { defineRoute, type RouteDefinition } from '../http/route.js';
import { idParams } from '../schemas/common.js';
import { AsyncEnvelopeSchema, PostEnvelopeSchema } from '../schemas/post.js';
import { ScheduleBody } from '../schemas/publishing.js';
import { publishPost } from '../domain/publishing/publish-post.js';
import { schedulePost } from '../domain/publishing/schedule-post.js';

export const publishingRoutes: RouteDefinition[] = [
  defineRoute({
    method: 'post',
    path: '/posts/:id/schedule',
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
    summary: 'Publish a post now (background job publish-<id>; a repeat while in flight joins it)',
    tag: 'Publishing',
    idempotent: true,
    request: { params: idParams },
    responses: { 202: { description: 'Accepted; poll the post or subscribe to post.published', schema: AsyncEnvelopeSchema } },
    errors: [404, 409, 422],
    handler: async ({ caller, params, deps }) => ({
      status: 202,
      body: await publishPost(deps, caller.memberId, { id: params.id }),
    }),
  }),
];
