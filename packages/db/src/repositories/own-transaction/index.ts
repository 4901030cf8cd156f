// The Prisma functions that open a transaction of their own (they take `Db`), so never run inside
// a caller's. access/repositories.ts binds this list.

export { grantsEndingBy, recordConnectionNotice, revokeGrant } from './connection-notices.js';
export { insertEndpointWithinCap } from './endpoint-within-cap.js';
export { markPostPublishedByHand } from './mark-published-by-hand.js';
export { createTestDelivery } from './test-delivery.js';
