import { defineRoute, type RouteDefinition } from '../http/route.js';
import { idParams } from '../schemas/common.js';
import { PostEnvelopeSchema } from '../schemas/post.js';
import { RejectBody } from '../schemas/review.js';
import { approvePost, rejectPost } from '../domain/review/index.js';

// Review (decision 0031): a person approves or rejects a post before it goes out.
export const reviewRoutes: RouteDefinition[] = [
  defineRoute({
    method: 'post',
    path: '/posts/:id/approve',
    summary: 'Approve a post (post.approved); a scheduled post stays scheduled, its approval recorded',
    tag: 'Review',
    // Approving lets a post go out: not for a key that may not publish (a drafting agent cannot approve its own work).
    access: 'publish',
    request: { params: idParams },
    responses: { 200: { description: 'The approved post', schema: PostEnvelopeSchema } },
    errors: [404, 409, 422],
    handler: async ({ caller, params, deps }) => ({ status: 200, body: await approvePost(deps, caller.memberId, params.id, new Date()) }),
  }),
  defineRoute({
    method: 'post',
    path: '/posts/:id/reject',
    summary: "Reject a post with an optional note (post.rejected); the note is the post's review_note",
    tag: 'Review',
    request: { params: idParams, body: RejectBody, bodyOptional: true },
    responses: { 200: { description: 'The rejected post', schema: PostEnvelopeSchema } },
    errors: [404, 409, 422],
    handler: async ({ caller, params, body, deps }) => ({ status: 200, body: await rejectPost(deps, caller.memberId, params.id, body ?? {}, new Date()) }),
  }),
];
