// The API's frequent reads, in plain SQL on the shared pool (decision 0012).
export * from './post-reads.js';
export * from './member-reads.js';
export * from './idea-reads.js';
export * from './webhook-reads.js';
export * from './analytics-reads.js';
export * from './analytics-period-reads.js';
export * from './calendar-reads.js';
export * from './failure-reads.js';
export * from './event-stream-reads.js';
