// What routes, MCP tools and other entries call in posts/: entries import from here, never from the files behind it.
export { createPost, type CreatePostInput } from './create-post/create-post.js';
export { deletePost } from './delete-post.js';
export { duplicatePost } from './duplicate-post.js';
export { updatePost } from './edit-post/edit-post.js';
export { getOwnedPost } from './find-post.js';
export { listPosts } from './list-posts.js';
export { previewPost, type ProposedContent, type WirePreview } from './preview-post.js';
export { regeneratePost, type RegeneratePostInput } from './regenerate-post.js';
export { waitForPost } from './wait-for-post.js';
