// What routes, MCP tools and other entries call in analytics/: entries import from here, never from the files behind it.
export { getAccountAnalytics } from './account-analytics.js';
export { getAnalyticsHistory } from './history.js';
export { getPostAnalytics } from './post-analytics.js';
export { listPublishedPosts, type PublishedPostsInput } from './published-posts.js';
export { ANALYTICS_PERIODS, getAnalyticsSummary, type SummaryInput } from './summary.js';
