// What routes, MCP tools and other entries call in ideas/: entries import from here, never from the files behind it.
export { createPostFromIdea } from './create-post-from-idea.js';
export { dismissIdea } from './dismiss-idea.js';
export { editIdea } from './edit-idea.js';
export { generateIdeas } from './generate-ideas/generate-ideas.js';
export { getResearch } from './get-research.js';
export { listIdeas } from './list-ideas.js';
export { requestResearch, type ResearchIdeasInput } from './request-research.js';
export { restoreIdea } from './restore-idea.js';
export { waitForNewIdeas } from './wait-for-ideas.js';
