import { defineRoute, type RouteDefinition } from '../http/route.js';
import { idParams } from '../schemas/common.js';
import { GeneratedIdeasSchema, ResearchAcceptedSchema, ResearchEnvelopeSchema, ResearchIdeasBody, ResearchParamsSchema } from '../schemas/generation.js';
import { PostEnvelopeSchema } from '../schemas/post.js';
import { createPostFromIdea, generateIdeas, getResearch, requestResearch } from '../domain/ideas/index.js';

/** Idea endpoints that generate content: ideas, research runs, and posts from ideas. */
export const ideaGenerationRoutes: RouteDefinition[] = [
  defineRoute({
    method: 'post',
    path: '/ideas/generate',
    summary: 'Generate up to 10 new ideas for the member, synchronously (emits idea.created)',
    tag: 'Ideas',
    bucket: 'generation',
    idempotent: true,
    responses: { 200: { description: 'A summary and the new ideas (source generated)', schema: GeneratedIdeasSchema } },
    errors: [422, 503],
    handler: async ({ caller, deps }) => ({
      status: 200,
      body: await generateIdeas(deps, caller.memberId),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/ideas/research',
    summary: 'Research a keyword in the background; the resulting ideas (source research) appear in GET /ideas',
    tag: 'Ideas',
    bucket: 'generation',
    idempotent: true,
    request: { body: ResearchIdeasBody },
    responses: { 202: { description: 'Research accepted; poll GET /ideas or subscribe to idea.created', schema: ResearchAcceptedSchema } },
    errors: [422, 503],
    handler: async ({ caller, body, deps }) => ({
      status: 202,
      body: await requestResearch(deps, caller.memberId, body),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/ideas/research/:research_id',
    summary: "How a keyword's research stands (pending, running, completed, failed) and which ideas it made",
    tag: 'Ideas',
    request: { params: ResearchParamsSchema },
    responses: { 200: { description: 'The research', schema: ResearchEnvelopeSchema } },
    errors: [404, 422],
    handler: async ({ caller, params, deps }) => ({ status: 200, body: await getResearch(deps, caller.memberId, params.research_id) }),
  }),
  defineRoute({
    method: 'post',
    path: '/ideas/:id/create-post',
    summary: 'Create a post from an idea, synchronously; the idea becomes used',
    tag: 'Ideas',
    bucket: 'generation',
    idempotent: true,
    request: { params: idParams },
    responses: { 201: { description: 'The new post (draft_saved)', schema: PostEnvelopeSchema } },
    errors: [404, 409, 422, 503],
    handler: async ({ caller, params, deps }) => ({
      status: 201,
      body: await createPostFromIdea(deps, caller.memberId, params.id),
    }),
  }),
];
