import { TEMPLATES } from '@lps/ai';
import { postToWire } from '@lps/db';
import { createPost } from '../../domain/posts/create-post.js';
import { deletePost, updatePost } from '../../domain/posts/edit-post.js';
import { getOwnedPost } from '../../domain/posts/find-post.js';
import { listPosts } from '../../domain/posts/list-posts.js';
import { regeneratePost } from '../../domain/posts/regenerate-post.js';
import { createPostFromIdea } from '../../domain/ideas/create-post-from-idea.js';
import { CreatePostBody, ListPostsQuery, UpdatePostBody } from '../../schemas/post.js';
import { RegeneratePostBody } from '../../schemas/generation.js';
import { defineTool, type ToolDefinition } from '../tool.js';
import { ideaIdInput, noInput, postIdInput, withPostId } from '../tool-inputs.js';

export const postTools: ToolDefinition[] = [
  defineTool({
    name: 'create_post',
    title: 'Write a post from a text idea',
    description:
      'Writes a LinkedIn post draft from a free-text idea and saves it (status "draft_saved"). Optional template_id (see list_templates) shapes it; research: true looks the topic up first.',
    input: CreatePostBody,
    bucket: 'generation',
    run: ({ deps, memberId }, input) => createPost(deps, memberId, input),
  }),
  defineTool({
    name: 'create_post_from_idea',
    title: 'Write a post from a stored idea',
    description: 'Writes a post draft from one of the member’s ideas (its title and angle) and marks the idea "used". Dismissed ideas must be restored first.',
    input: ideaIdInput,
    bucket: 'generation',
    run: ({ deps, memberId }, input) => createPostFromIdea(deps, memberId, input.idea_id),
  }),
  defineTool({
    name: 'get_post',
    title: 'Get a post',
    description: 'Returns one post: its status, body, image, schedule, image_candidates and, once published, its network URL.',
    input: postIdInput,
    readOnly: true,
    run: async ({ deps, memberId }, input) => ({ post: postToWire(await getOwnedPost(deps, memberId, input.post_id)) }),
  }),
  defineTool({
    name: 'list_posts',
    title: 'List posts',
    description:
      'Lists the member’s posts newest first, optionally by status (draft_saved, approved, scheduled, published, …). Pass page.next_cursor back as cursor for the next page.',
    input: ListPostsQuery,
    readOnly: true,
    run: ({ deps, memberId }, input) => listPosts(deps, memberId, input),
  }),
  defineTool({
    name: 'edit_post',
    title: 'Replace a post’s text',
    description: 'Replaces the body of a post that is not published yet (at most 3,000 characters). A scheduled post stays scheduled.',
    input: withPostId(UpdatePostBody),
    run: ({ deps, memberId }, input) => updatePost(deps, memberId, input.post_id, { body: input.body }),
  }),
  defineTool({
    name: 'regenerate_post',
    title: 'Rewrite a post',
    description: 'Writes a fresh draft of a post that is not published yet, in place, optionally with another template_id.',
    input: withPostId(RegeneratePostBody),
    bucket: 'generation',
    run: ({ deps, memberId }, { post_id, ...input }) => regeneratePost(deps, memberId, post_id, input),
  }),
  defineTool({
    name: 'delete_post',
    title: 'Delete a post',
    description: 'Deletes a post that is not published. Published posts cannot be deleted here.',
    input: postIdInput,
    destructive: true,
    run: async ({ deps, memberId }, input) => {
      await deletePost(deps, memberId, input.post_id);
      return { deleted: true, post_id: input.post_id };
    },
  }),
  defineTool({
    name: 'list_templates',
    title: 'List post templates',
    description: 'Lists the templates (id, name, description) that create_post and regenerate_post accept as template_id.',
    input: noInput,
    readOnly: true,
    run: async () => ({ data: TEMPLATES.map(({ id, name, description }) => ({ id, name, description })) }),
  }),
];
