import { TEMPLATES } from '@lps/ai';
import { postToWire } from '@lps/db';
import { createPost, deletePost, duplicatePost, getOwnedPost, listPosts, previewPost, regeneratePost, updatePost } from '../../domain/posts/index.js';
import { createPostFromIdea } from '../../domain/ideas/index.js';
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
    name: 'duplicate_post',
    title: 'Copy a post as a new draft',
    description:
      'Copies a post (any status, a published one included) as a new "draft_saved" post with the same text, idea, template, link card and poll. Images, documents and video are not copied: choose or upload them again on the copy.',
    input: postIdInput,
    run: ({ deps, memberId }, input) => duplicatePost(deps, memberId, input.post_id),
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
    name: 'preview_post',
    title: 'Preview a post as LinkedIn will show it',
    description:
      'Returns exactly what publishing will send to LinkedIn (commentary, in its little-text format), its length as LinkedIn counts it against the 3,000 limit (over_limit: publishing would fail), what readers will see (text, fold: the lines shown before "…see more"), the hashtags and mentions LinkedIn will make, the link card, media and poll, and warnings in words (a #tag that stays text, an image without alt text, a link card that will not show, …). Read it before scheduling or publishing.',
    input: postIdInput,
    readOnly: true,
    run: ({ deps, memberId }, input) => previewPost(deps, memberId, input.post_id),
  }),
  defineTool({
    name: 'edit_post',
    title: 'Edit a post: text, link card, images, poll',
    description:
      'Changes a post that is not published yet; a scheduled post stays scheduled. body: the text (at most 3,000 characters; #word becomes a hashtag, @[Name](urn:li:person:…) a mention). poll: {question (≤ 140), options (2–4, each ≤ 30, no two alike), duration_days (1, 3, 7 or 14; default 7)} makes it a LinkedIn poll (a post with an image, document or video cannot have one), null removes it. link_preview: the link card choices. images: the images in order with alt text. Call preview_post afterwards to see what LinkedIn will show.',
    input: withPostId(UpdatePostBody),
    run: ({ deps, memberId }, { post_id, ...change }) => updatePost(deps, memberId, post_id, change),
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
