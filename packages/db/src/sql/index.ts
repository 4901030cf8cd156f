// The plain-SQL functions use cases call (decision 0008: the hot paths and the reads the API answers
// most); access/repositories.ts binds this list to the pool. Only from this folder.

export { recordLinkPage, recordLinkPageForClaim } from './link-previews.js';
export { appendOutboxEventSql } from './outbox-event.js';
export { relayOutboxBatch } from './outbox-relay.js';
export { deferPostMetrics, makeUnmeasuredPostsDue, postsDueForMetrics, storePostMetrics } from './post-metrics.js';
export { reviewPost, unschedulePublication } from './post-review.js';
export { postsOnSlots, queueInFreeSlot } from './posting-slots.js';
export { giveBackUnsentAttempt } from './publish-path/give-back-attempt.js';
export { markPublishedWithEvent } from './publish-path/mark-published-with-event.js';
export { markPublished } from './publish-path/mark-published.js';
export { recordPublishImage } from './publish-path/publish-images.js';
export { recordPublishMedia } from './publish-path/publish-media.js';
export { schedulePublication } from './publish-path/statements.js';
export { readAnalyticsHistory, readPeriodKpis, readPublishedNumbers } from './reads/analytics-period-reads.js';
export { readMemberAnalytics } from './reads/analytics-reads.js';
export { readCalendarPosts } from './reads/calendar-reads.js';
export { readStreamEvents } from './reads/event-stream-reads.js';
export { readPublicationFailures } from './reads/failure-reads.js';
export { readIdeas } from './reads/idea-reads.js';
export { readMember } from './reads/member-reads.js';
export { readOwnedPost, readPostPage } from './reads/post-reads.js';
export { readEndpointDeliveries, readEndpoints, readOwnedEndpoint } from './reads/webhook-reads.js';
export { abandonDelivery, deactivateEndpoint, loadDeliveries, recordAttempts } from './webhook-attempts.js';
