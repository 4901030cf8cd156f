// The Prisma functions only a caller's transaction may run: their writes must commit with the
// caller's other writes. access/repositories.ts binds this list to the transaction's client.

export { lockMemberScope } from './member-scope-lock.js';
export { appendOutboxEvent } from './outbox-event.js';
export { lockPost, recordDroppedFiles, updatePostColumns } from './post-writes.js';
