// What routes, MCP tools and other entries call in review/: entries import from here, never from the files behind it.
export { approvePost, rejectPost, type RejectPostInput } from './review-post.js';
