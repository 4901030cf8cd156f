import { defineRoute, type RouteDefinition } from '../http/route.js';
import { idParams } from '../schemas/common.js';
import { CreatePostBody, ListPostsQuery, PaginatedPostsSchema, PostEnvelopeSchema, UpdatePostBody } from '../schemas/post.js';
import { createPost, deletePost, duplicatePost, getOwnedPost, listPosts, previewPost, updatePost } from '../domain/posts/index.js';
import { PreviewEnvelopeSchema, PreviewProposalBody } from '../schemas/preview.js';
import { postToWire } from '@lps/db';

export const postRoutes: RouteDefinition[] = [
  defineRoute({
    method: 'get',
    path: '/posts',
    summary: 'List posts, newest first (keyset cursor pagination)',
    tag: 'Posts',
    request: { query: ListPostsQuery },
    responses: { 200: { description: 'One page of posts', schema: PaginatedPostsSchema } },
    errors: [422],
    handler: async ({ caller, query, deps }) => ({
      status: 200,
      body: await listPosts(deps, caller.memberId, query),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/posts',
    summary: 'Create a post from an idea; the body is generated synchronously',
    tag: 'Posts',
    bucket: 'generation',
    idempotent: true,
    request: { body: CreatePostBody },
    responses: { 201: { description: 'The new post (draft_saved)', schema: PostEnvelopeSchema } },
    errors: [422, 503],
    handler: async ({ caller, body, deps }) => ({
      status: 201,
      body: await createPost(deps, caller.memberId, body),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/posts/:id/duplicate',
    summary: 'Copy a post as a new draft: its text, idea, template, link card and poll (not its media, schedule or state)',
    tag: 'Posts',
    idempotent: true,
    request: { params: idParams },
    responses: { 201: { description: 'The copy (draft_saved)', schema: PostEnvelopeSchema } },
    errors: [404, 422],
    handler: async ({ caller, params, deps }) => ({
      status: 201,
      body: await duplicatePost(deps, caller.memberId, params.id),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/posts/:id',
    summary: 'Get a post',
    tag: 'Posts',
    request: { params: idParams },
    responses: { 200: { description: 'The post', schema: PostEnvelopeSchema } },
    errors: [404, 422],
    handler: async ({ caller, params, deps }) => ({
      status: 200,
      body: { post: postToWire(await getOwnedPost(deps, caller.memberId, params.id)) },
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/posts/:id/preview',
    summary: 'The post exactly as LinkedIn will receive and show it: the commentary publishing sends, its length as LinkedIn counts it, and warnings',
    tag: 'Posts',
    request: { params: idParams },
    responses: { 200: { description: 'The preview', schema: PreviewEnvelopeSchema } },
    errors: [404, 422],
    handler: async ({ caller, params, deps }) => ({
      status: 200,
      body: await previewPost(deps, caller.memberId, params.id),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/posts/:id/preview',
    summary:
      'The preview of GET /posts/{id}/preview for a proposed body and/or poll, nothing saved: what the editor shows while the member types (call it at most a few times a second)',
    tag: 'Posts',
    // It changes nothing: a read, which a read-only key may make.
    access: 'read',
    request: { params: idParams, body: PreviewProposalBody, bodyOptional: true },
    responses: { 200: { description: 'The preview, as if the post had that body and poll', schema: PreviewEnvelopeSchema } },
    errors: [404, 422],
    handler: async ({ caller, params, body, deps }) => ({
      status: 200,
      body: await previewPost(deps, caller.memberId, params.id, body ?? {}),
    }),
  }),
  defineRoute({
    method: 'patch',
    path: '/posts/:id',
    summary:
      'Replace the body of a post that is not published, and/or set its link card (link_preview), and/or order its images and their alt text (images), and/or set or remove its poll (poll)',
    tag: 'Posts',
    request: { params: idParams, body: UpdatePostBody },
    responses: { 200: { description: 'The updated post', schema: PostEnvelopeSchema } },
    errors: [404, 409, 422],
    handler: async ({ caller, params, body, deps }) => ({
      status: 200,
      body: await updatePost(deps, caller.memberId, params.id, body),
    }),
  }),
  defineRoute({
    method: 'delete',
    path: '/posts/:id',
    summary: 'Delete a post that is not published',
    tag: 'Posts',
    request: { params: idParams },
    responses: { 204: { description: 'Deleted' } },
    errors: [404, 409, 422],
    handler: async ({ caller, params, deps }) => {
      await deletePost(deps, caller.memberId, params.id);
      return { status: 204 };
    },
  }),
];
