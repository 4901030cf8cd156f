// What routes, MCP tools and other entries call in publishing/: entries import from here, never from the files behind it.
export { attachNetworkPost } from './attach-network-post.js';
export { listPublicationFailures, type FailuresInput } from './list-publication-failures.js';
export { requestPublication } from './request-publication.js';
export { schedulePost } from './schedule-post.js';
