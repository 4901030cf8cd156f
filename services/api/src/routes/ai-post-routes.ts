import { defineRoute, type RouteDefinition } from '../http/route.js';
import { idParams } from '../schemas/common.js';
import { RegeneratePostBody } from '../schemas/generation.js';
import { PostEnvelopeSchema } from '../schemas/post.js';
import { regeneratePost } from '../domain/posts/index.js';

/** Post endpoints that call the text provider (POST /posts itself lives with the other post routes). */
export const aiPostRoutes: RouteDefinition[] = [
  defineRoute({
    method: 'post',
    path: '/posts/:id/regenerate',
    summary: 'Regenerate the body of a post that is not published, in place (optionally with another template)',
    tag: 'Posts',
    bucket: 'generation',
    idempotent: true,
    request: { params: idParams, body: RegeneratePostBody, bodyOptional: true },
    responses: { 200: { description: 'The post with its new body', schema: PostEnvelopeSchema } },
    errors: [404, 409, 422, 503],
    handler: async ({ caller, params, body, deps }) => ({
      status: 200,
      body: await regeneratePost(deps, caller.memberId, params.id, body ?? {}),
    }),
  }),
];
