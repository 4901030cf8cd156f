import { defineRoute, type RouteDefinition } from '../http/route.js';
import { idParams } from '../schemas/common.js';
import { CreatePostBody, ListPostsQuery, PaginatedPostsSchema, PostEnvelopeSchema, UpdatePostBody } from '../schemas/post.js';
import { createPost } from '../domain/posts/create-post.js';
import { deletePost, updatePost } from '../domain/posts/edit-post.js';
import { getOwnedPost } from '../domain/posts/find-post.js';
import { listPosts } from '../domain/posts/list-posts.js';
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
    method: 'patch',
    path: '/posts/:id',
    summary: 'Replace the body of a post that is not published, and/or set its link card (link_preview), and/or order its images and their alt text (images)',
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
