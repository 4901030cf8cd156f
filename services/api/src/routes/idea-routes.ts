import { defineRoute, type RouteDefinition } from '../http/route.js';
import { idParams } from '../schemas/common.js';
import { IdeaEnvelopeSchema, IdeaListSchema, ListIdeasQuery, UpdateIdeaBody } from '../schemas/idea.js';
import { dismissIdea, editIdea, listIdeas, restoreIdea } from '../domain/ideas/index.js';

export const ideaRoutes: RouteDefinition[] = [
  defineRoute({
    method: 'get',
    path: '/ideas',
    summary: 'List content ideas, newest first',
    tag: 'Ideas',
    request: { query: ListIdeasQuery },
    responses: { 200: { description: 'All ideas (no paging)', schema: IdeaListSchema } },
    errors: [422],
    handler: async ({ caller, query, deps }) => ({
      status: 200,
      body: await listIdeas(deps, caller.memberId, query.status),
    }),
  }),
  defineRoute({
    method: 'patch',
    path: '/ideas/:id',
    summary: 'Edit an idea’s title or angle',
    tag: 'Ideas',
    request: { params: idParams, body: UpdateIdeaBody },
    responses: { 200: { description: 'The idea', schema: IdeaEnvelopeSchema } },
    errors: [404, 422],
    handler: async ({ caller, params, body, deps }) => ({
      status: 200,
      body: await editIdea(deps, caller.memberId, params.id, body),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/ideas/:id/dismiss',
    summary: 'Dismiss an idea',
    tag: 'Ideas',
    request: { params: idParams },
    responses: { 200: { description: 'The idea, dismissed', schema: IdeaEnvelopeSchema } },
    errors: [404, 422],
    handler: async ({ caller, params, deps }) => ({
      status: 200,
      body: await dismissIdea(deps, caller.memberId, params.id),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/ideas/:id/restore',
    summary: 'Restore a dismissed idea (to new, or used if a post was made from it)',
    tag: 'Ideas',
    request: { params: idParams },
    responses: { 200: { description: 'The idea, restored', schema: IdeaEnvelopeSchema } },
    errors: [404, 409, 422],
    handler: async ({ caller, params, deps }) => ({
      status: 200,
      body: await restoreIdea(deps, caller.memberId, params.id),
    }),
  }),
];
